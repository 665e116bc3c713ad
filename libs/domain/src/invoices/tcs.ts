import type { Paise } from '../money/money.js';
import type { SupplyType } from './invoice-tax.js';

/**
 * Tax collected at source by Mandi as an e-commerce operator (CGST Act 2017, section 52): a share of the net value of
 * taxable supplies that registered sellers make through Mandi each month (their taxable supplies less the supplies
 * returned in that month), paid to the government and reported in GSTR-8. Each row is a rate in force from its day
 * (India's calendar), in basis points of the net value; within a state CGST and SGST (or UTGST), across states IGST.
 */
export const TCS_RATES = [
  {
    from: '2018-10-01',
    cgstBasisPoints: 50,
    sgstBasisPoints: 50,
    igstBasisPoints: 100,
    source: 'Notifications 52/2018-Central Tax and 02/2018-Integrated Tax, 20 September 2018',
  },
  {
    from: '2024-07-10',
    cgstBasisPoints: 25,
    sgstBasisPoints: 25,
    igstBasisPoints: 50,
    source: 'Notifications 15/2024-Central Tax and 01/2024-Integrated Tax, 10 July 2024',
  },
] as const;

/** One of {@link TCS_RATES}. */
export type TcsRate = (typeof TCS_RATES)[number];

/** The TCS rate in force on `day` ('YYYY-MM-DD' on India's calendar); none before section 52 came into force. */
export function tcsRateOn(day: string): TcsRate | null {
  let inForce: TcsRate | null = null;
  for (const rate of TCS_RATES) if (rate.from <= day) inForce = rate;
  return inForce;
}

/** The TCS on a net value, by head, in paise. */
export interface TcsAmount {
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/** `value x basisPoints / 10,000` rounded to the paisa, halves away from zero (a net value can be negative). */
function share(valuePaise: Paise, basisPoints: number): Paise {
  const exact = (Math.abs(valuePaise) * basisPoints) / 10_000;
  return Math.sign(valuePaise) * Math.round(exact) || 0;
}

/**
 * The TCS on `netTaxablePaise` of supplies made under `rate`: CGST and SGST within a state, IGST across. A negative
 * value (a credit note's) gives the negative of the same TCS, halves rounding away from zero both ways.
 */
export function tcsOn(netTaxablePaise: Paise, supply: SupplyType, rate: TcsRate): TcsAmount {
  if (supply === 'intra_state')
    return {
      cgstPaise: share(netTaxablePaise, rate.cgstBasisPoints),
      sgstPaise: share(netTaxablePaise, rate.sgstBasisPoints),
      igstPaise: 0,
    };
  return { cgstPaise: 0, sgstPaise: 0, igstPaise: share(netTaxablePaise, rate.igstBasisPoints) };
}
