import type { Paise } from '../money/money.js';
import { ondcRupees } from './catalog.js';

/*
 * How a network order is paid and settled (RET 1.2.0 `payment`, docs/ondc.md "Network orders"). A prepaid order
 * (ON-ORDER) is collected by the buyer app, which settles the sale amount less its finder fee to Mandi's account; a
 * cash-on-delivery order (ON-FULFILLMENT) is collected by Mandi's courier, and Mandi owes the buyer app its fee.
 */

/** ONDC's payment types and who collects each. */
export const ONDC_PAYMENT = {
  prepaid: { type: 'ON-ORDER', collectedBy: 'BAP' },
  cashOnDelivery: { type: 'ON-FULFILLMENT', collectedBy: 'BPP' },
} as const;
export type OndcPaymentType = (typeof ONDC_PAYMENT)[keyof typeof ONDC_PAYMENT]['type'];

/** The order's money is settled once it is delivered (`@ondc/org/settlement_basis`). */
export const ONDC_SETTLEMENT_BASIS = 'delivery';
/** Within a day of the basis (`@ondc/org/settlement_window`, PT<n>H as the validator wants it of a BPP). */
export const ONDC_SETTLEMENT_WINDOW = 'PT24H';
/** What the buyer app may hold back for returns: none, Mandi takes no returns after delivery (issue 33). */
export const ONDC_WITHHOLDING_PAISE = 0;
/** Mandi's liability is capped at the order's value, and disputes go to its seat's courts (`bpp_terms`). */
export const ONDC_BPP_TERMS = { maxLiability: '2', maxLiabilityCap: '10000', mandatoryArbitration: 'false' } as const;

/**
 * The bank account buyer apps settle Mandi's network orders to (ONDC's `@ondc/org/settlement_details`, NEFT), from the
 * deployment's ONDC_SETTLEMENT_* settings (libs/config); the beneficiary is SELLER_LEGAL_NAME.
 */
export interface SettlementAccount {
  beneficiaryName: string;
  accountNo: string;
  ifscCode: string;
  bankName: string;
  branchName: string;
}

/** The settlement details of Mandi's account, as ONDC writes them. */
export function mandiSettlementDetails(account: SettlementAccount): object[] {
  return [
    {
      settlement_counterparty: 'seller-app',
      settlement_phase: 'sale-amount',
      settlement_type: 'neft',
      beneficiary_name: account.beneficiaryName,
      settlement_bank_account_no: account.accountNo,
      settlement_ifsc_code: account.ifscCode,
      bank_name: account.bankName,
      branch_name: account.branchName,
    },
  ];
}

/** A buyer app's finder fee as it asked for it: a percentage of the order, or an amount in rupees (text, 2 decimals). */
export interface FinderFee {
  type: 'percent' | 'amount';
  value: string;
}

/** No fee: what a buyer app that names none gets. */
export const NO_FINDER_FEE: FinderFee = { type: 'amount', value: '0.00' };

const FEE_VALUE = /^[0-9]{1,6}(\.[0-9]{1,2})?$/;

/** The finder fee a payment object names, or null when it names none or one that is not a fee. */
export function finderFeeOf(payment: unknown): FinderFee | null {
  const fields = (payment ?? {}) as Record<string, unknown>;
  const type = fields['@ondc/org/buyer_app_finder_fee_type'];
  const value = fields['@ondc/org/buyer_app_finder_fee_amount'];
  if ((type !== 'percent' && type !== 'amount') || typeof value !== 'string' || !FEE_VALUE.test(value)) return null;
  if (type === 'percent' && hundredths(value) > 100_00) return null;
  return { type, value };
}

/** Text with up to two decimals as a whole number of hundredths ('3' -> 300, '2.5' -> 250). */
function hundredths(value: string): number {
  const [whole, decimals = ''] = value.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/**
 * The fee on an order of `totalPaise`, in paise: a percentage rounded half up to the paisa, or the amount, never more
 * than the order itself.
 */
export function finderFeePaise(fee: FinderFee, totalPaise: Paise): Paise {
  const paise =
    fee.type === 'amount' ? hundredths(fee.value) : Math.floor((totalPaise * hundredths(fee.value) + 5_000) / 10_000);
  return Math.min(paise, totalPaise);
}

/** The payment terms a seller node answers with (on_init, on_confirm, on_status): fee echoed, Mandi's account. */
export function ondcPaymentTerms(fee: FinderFee, account: SettlementAccount): Record<string, unknown> {
  return {
    '@ondc/org/buyer_app_finder_fee_type': fee.type,
    '@ondc/org/buyer_app_finder_fee_amount': fee.value,
    '@ondc/org/settlement_basis': ONDC_SETTLEMENT_BASIS,
    '@ondc/org/settlement_window': ONDC_SETTLEMENT_WINDOW,
    '@ondc/org/withholding_amount': ondcRupees(ONDC_WITHHOLDING_PAISE),
    '@ondc/org/settlement_details': mandiSettlementDetails(account),
  };
}
