import { DomainError } from '../errors/domain.error.js';
import type { Paise } from '../money/money.js';
import type { ReturnPeriod } from './gstr1.js';
import type { TcsAmount } from './tcs.js';

/**
 * GSTR-8, the monthly return of Mandi as an e-commerce operator (CGST Act s. 52, rule 67; docs/gst-returns.md
 * "GSTR-8"). Table 3 holds, per registered seller (by GSTIN), the value of the taxable supplies they made through
 * Mandi in the month, the value returned (credit notes issued in the month), the net, and the TCS collected on the
 * net. Every buyer on Mandi is unregistered, so the values go to the 'supplies to unregistered persons' columns.
 *
 * The TCS is kept per document (invoices.tcs_*_paise, documentTcs of order-documents.ts) and a credit note reverses
 * its invoice's in full, so a seller's month is the sum of its documents: the return reconciles with the documents to
 * the paisa by construction, and a recomputation on the net would differ only by rounding.
 *
 * Table 4 (amendments of earlier months' Table 3) stays empty: Mandi's documents are never edited after issue, and a
 * return of an earlier month's supply is a credit note reported in the month it is issued (section 52(1), 'net of
 * supplies returned'), not an amendment.
 */

/** An invoice or credit note of a registered seller, as GSTR-8 needs it. */
export interface Gstr8Document {
  type: 'invoice' | 'credit_note';
  number: string;
  /** The seller's GSTIN, as printed on the document. */
  gstin: string;
  sellerName: string;
  /** The invoice's taxable value (GST excluded, exempt goods left out); for a credit note, that of the invoice it reverses. */
  taxablePaise: Paise;
  /** The invoice's TCS; for a credit note, that of the invoice it reverses. */
  tcs: TcsAmount;
}

/** The figures of one seller (or the total): paise; a credit note subtracts. */
export interface Gstr8Amounts {
  invoices: number;
  creditNotes: number;
  suppliedPaise: Paise;
  returnedPaise: Paise;
  netPaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
}

/** Table 3: one seller GSTIN. */
export interface Gstr8Row extends Gstr8Amounts {
  gstin: string;
  sellerName: string;
}

/** A month's GSTR-8. */
export interface Gstr8Report {
  rows: Gstr8Row[];
  totals: Gstr8Amounts;
}

const zero = (): Gstr8Amounts => ({
  invoices: 0,
  creditNotes: 0,
  suppliedPaise: 0,
  returnedPaise: 0,
  netPaise: 0,
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
});

function add(into: Gstr8Amounts, document: Gstr8Document): void {
  const sign = document.type === 'invoice' ? 1 : -1;
  if (sign > 0) {
    into.invoices += 1;
    into.suppliedPaise += document.taxablePaise;
  } else {
    into.creditNotes += 1;
    into.returnedPaise += document.taxablePaise;
  }
  into.netPaise += sign * document.taxablePaise;
  into.igstPaise += sign * document.tcs.igstPaise;
  into.cgstPaise += sign * document.tcs.cgstPaise;
  into.sgstPaise += sign * document.tcs.sgstPaise;
}

/** The month's GSTR-8 from its documents: one row per seller GSTIN, in GSTIN order, and the totals. */
export function buildGstr8(documents: readonly Gstr8Document[]): Gstr8Report {
  const rows = new Map<string, Gstr8Row>();
  const totals = zero();
  for (const document of documents) {
    if (document.taxablePaise < 0) {
      throw new DomainError('conflict', `Document ${document.number} records a negative taxable value.`);
    }
    const row = rows.get(document.gstin) ?? { gstin: document.gstin, sellerName: document.sellerName, ...zero() };
    add(row, document);
    add(totals, document);
    rows.set(document.gstin, row);
  }
  return { rows: [...rows.values()].sort((a, b) => (a.gstin < b.gstin ? -1 : 1)), totals };
}

const rupees = (paise: Paise): number => Math.round(paise) / 100;

/**
 * The return in the GST portal's JSON layout (GSTR-8 offline tool and API names): `gstin` of the operator, `fp`
 * (MMYYYY), `tcs` (Table 3: `stin` the supplier's GSTIN, `supR`/`retsupR` to registered buyers, `supU`/`retsupU` to
 * unregistered ones, `amt` the net, `iamt`/`camt`/`samt` the TCS) and `tcsa` (Table 4, amendments: none, see above).
 * Amounts in rupees as numbers.
 */
export function gstr8PortalJson(report: Gstr8Report, period: ReturnPeriod, operatorGstin: string) {
  return {
    gstin: operatorGstin,
    fp: period.fp,
    tcs: report.rows.map((row) => ({
      stin: row.gstin,
      supR: 0,
      retsupR: 0,
      supU: rupees(row.suppliedPaise),
      retsupU: rupees(row.returnedPaise),
      amt: rupees(row.netPaise),
      iamt: rupees(row.igstPaise),
      camt: rupees(row.cgstPaise),
      samt: rupees(row.sgstPaise),
    })),
    tcsa: [] as never[],
  };
}
