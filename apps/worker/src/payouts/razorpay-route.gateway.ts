import { Inject, Injectable } from '@nestjs/common';
import type Razorpay from 'razorpay';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { counted, providerErrorText, razorpayClient } from '../orders/razorpay-sdk.js';

/** A transfer as Route reports it. */
export interface RouteTransfer {
  id: string;
  amountPaise: number;
  amountReversedPaise: number;
  onHold: boolean;
  status: string;
  recipientSettlementId: string | null;
  payoutId: number | null;
}

/** What a Route linked account is made from: an approved seller's profile, opened. */
export interface LinkedAccountInput {
  sellerId: number;
  email: string;
  phone: string;
  legalName: string;
  businessType: string;
  pan: string;
  gstin: string | null;
  address: { street1: string; street2: string; city: string; state: string; postalCode: string };
  contactName: string;
  /** Only an individual's own PAN is a stakeholder's KYC (a company's belongs to the company, not its signatory). */
  stakeholderPan: string | null;
  bank: { accountNumber: string; ifsc: string; beneficiaryName: string };
}

/**
 * The account Razorpay says already has this email ('Merchant email already exists for account - <id without acc_>'):
 * what a create whose answer was lost finds again.
 */
const DUPLICATE_ACCOUNT = /already exists for account - (?:acc_)?([A-Za-z0-9]+)/;

/**
 * Razorpay Route through its official SDK (docs/payouts.md), configured like the refunds gateway: the same keys, and
 * RAZORPAY_API_URL as the only thing development changes (the sandbox). Every call that moves money names our payout
 * in its notes, so a retried job finds what an earlier attempt made instead of making it twice.
 */
@Injectable()
export class RazorpayRouteGateway {
  private readonly razorpay: Razorpay;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.razorpay = razorpayClient(config);
  }

  /** Makes the seller's linked account, or finds the one an earlier attempt made (Razorpay keeps one per email). */
  async createAccount(input: LinkedAccountInput): Promise<string> {
    try {
      const account = await counted('accounts.create', () =>
        this.razorpay.accounts.create({
          email: input.email,
          phone: input.phone,
          type: 'route',
          reference_id: `seller-${input.sellerId}`,
          legal_business_name: input.legalName,
          business_type: input.businessType,
          contact_name: input.contactName,
          profile: {
            category: 'ecommerce',
            subcategory: 'agriculture',
            addresses: {
              registered: {
                street1: input.address.street1,
                street2: input.address.street2,
                city: input.address.city,
                state: input.address.state,
                postal_code: input.address.postalCode,
                country: 'IN',
              },
            },
          },
          legal_info: { pan: input.pan, ...(input.gstin ? { gst: input.gstin } : {}) },
        } as never),
      );
      return (account as { id: string }).id;
    } catch (error) {
      const existing = DUPLICATE_ACCOUNT.exec(providerErrorText(error))?.[1];
      if (existing) return `acc_${existing}`;
      throw error;
    }
  }

  /** Adds the seller as the account's stakeholder, unless it has one already. */
  async ensureStakeholder(accountId: string, input: LinkedAccountInput): Promise<string> {
    const { items } = (await counted('stakeholders.all', () => this.razorpay.stakeholders.all(accountId))) as {
      items: { id: string }[];
    };
    if (items[0]) return items[0].id;
    const stakeholder = await counted('stakeholders.create', () =>
      this.razorpay.stakeholders.create(accountId, {
        name: input.contactName,
        email: input.email,
        phone: { primary: input.phone },
        ...(input.stakeholderPan ? { kyc: { pan: input.stakeholderPan } } : {}),
      } as never),
    );
    return (stakeholder as { id: string }).id;
  }

  /**
   * Asks for Route on the account (or reads the request an earlier attempt made) and gives it the seller's bank account
   * for settlements; answers the product id and whether Route is activated.
   */
  async configureRoute(
    accountId: string,
    productId: string | null,
    input: LinkedAccountInput,
  ): Promise<{ productId: string; activated: boolean }> {
    const id =
      productId ??
      (
        (await counted('products.requestProductConfiguration', () =>
          this.razorpay.products.requestProductConfiguration(accountId, {
            product_name: 'route',
            tnc_accepted: true,
          } as never),
        )) as { id: string }
      ).id;
    const product = (await counted('products.edit', () =>
      this.razorpay.products.edit(accountId, id, {
        settlements: {
          account_number: input.bank.accountNumber,
          ifsc_code: input.bank.ifsc,
          beneficiary_name: input.bank.beneficiaryName,
        },
        tnc_accepted: true,
      } as never),
    )) as { activation_status?: string };
    return { productId: id, activated: product.activation_status === 'activated' };
  }

  /** The transfer of `paymentId` that our payout asked for earlier, if Razorpay has it. */
  async transferOfPayment(paymentId: string, payoutId: number): Promise<RouteTransfer | null> {
    const { items } = (await counted('payments.fetchTransfer', () =>
      this.razorpay.payments.fetchTransfer(paymentId),
    )) as { items: RawTransfer[] };
    return ours(items, payoutId);
  }

  /** Transfers `amountPaise` of the captured payment to the linked account, on hold until we release it. */
  async transferFromPayment(paymentId: string, account: string, amountPaise: number, payoutId: number) {
    const { items } = (await counted('payments.transfer', () =>
      this.razorpay.payments.transfer(paymentId, {
        transfers: [
          { account, amount: amountPaise, currency: 'INR', notes: notesOf(payoutId), on_hold: true } as never,
        ],
      }),
    )) as { items: RawTransfer[] };
    return toTransfer(items[0]!);
  }

  /** The direct transfer our payout made earlier (its notes name it), searched among the recent ones. */
  async directTransferOf(payoutId: number, since: Date): Promise<RouteTransfer | null> {
    const { items } = (await counted('transfers.all', () =>
      this.razorpay.transfers.all({ from: Math.floor(since.getTime() / 1000) - 60, count: 100 } as never),
    )) as { items: RawTransfer[] };
    return ours(items, payoutId);
  }

  /** Pays `amountPaise` from Mandi's own Razorpay balance to the linked account (cash-on-delivery shares). */
  async directTransfer(account: string, amountPaise: number, payoutId: number): Promise<RouteTransfer> {
    const transfer = await counted('transfers.create', () =>
      this.razorpay.transfers.create({ account, amount: amountPaise, currency: 'INR', notes: notesOf(payoutId) }),
    );
    return toTransfer(transfer as unknown as RawTransfer);
  }

  /** Releases a held transfer, so Razorpay settles it to the seller's bank. */
  async release(transferId: string): Promise<RouteTransfer> {
    const transfer = await counted('transfers.edit', () =>
      this.razorpay.transfers.edit(transferId, { on_hold: false } as never),
    );
    return toTransfer(transfer as unknown as RawTransfer);
  }

  /** A transfer as Razorpay has it now (its reversed amount, hold and settlement). */
  async transfer(transferId: string): Promise<RouteTransfer> {
    return toTransfer(
      (await counted('transfers.fetch', () => this.razorpay.transfers.fetch(transferId))) as unknown as RawTransfer,
    );
  }

  /** Takes `amountPaise` of a transfer back from the linked account to Mandi's balance. */
  async reverse(transferId: string, amountPaise: number, payoutId: number): Promise<string> {
    const reversal = await counted('transfers.reverse', () =>
      this.razorpay.transfers.reverse(transferId, { amount: amountPaise, notes: notesOf(payoutId) } as never),
    );
    return (reversal as { id: string }).id;
  }

  /**
   * The settlement (its UTR) that paid a settled transfer out to the seller's bank. A linked account's settlement is
   * read through its transfers with `expand[]=recipient_settlement`, as Route documents (the settlements API shows
   * only Mandi's own without the linked account's header, which the SDK's settlements.fetch cannot send).
   */
  async settlement(settlementId: string): Promise<{ id: string; utr: string | null; status: string } | null> {
    const { items } = (await counted('transfers.all(recipient_settlement)', () =>
      this.razorpay.api.get({
        url: '/transfers',
        data: { recipient_settlement_id: settlementId, 'expand[]': 'recipient_settlement', count: 1 },
      }),
    )) as { items: { recipient_settlement?: { id: string; utr?: string | null; status: string } | null }[] };
    const settlement = items[0]?.recipient_settlement;
    return settlement ? { id: settlement.id, utr: settlement.utr ?? null, status: settlement.status } : null;
  }
}

interface RawTransfer {
  id: string;
  amount: number | string;
  amount_reversed?: number | string;
  on_hold?: boolean | number;
  status?: string;
  recipient_settlement_id?: string | null;
  notes?: Record<string, unknown> | unknown[];
}

const notesOf = (payoutId: number) => ({ mandi_payout_id: String(payoutId) });

function toTransfer(raw: RawTransfer): RouteTransfer {
  const notes = (Array.isArray(raw.notes) ? {} : (raw.notes ?? {})) as Record<string, unknown>;
  const payout = Number(notes.mandi_payout_id);
  return {
    id: raw.id,
    amountPaise: Number(raw.amount),
    amountReversedPaise: Number(raw.amount_reversed ?? 0),
    onHold: Boolean(raw.on_hold),
    status: raw.status ?? 'created',
    recipientSettlementId: raw.recipient_settlement_id ?? null,
    payoutId: Number.isSafeInteger(payout) ? payout : null,
  };
}

function ours(items: readonly RawTransfer[], payoutId: number): RouteTransfer | null {
  const found = items
    .map(toTransfer)
    .find((transfer) => transfer.payoutId === payoutId && transfer.status !== 'failed');
  return found ?? null;
}
