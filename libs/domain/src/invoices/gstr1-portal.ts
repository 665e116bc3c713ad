import type { Paise } from '../money/money.js';
import { indiaDateParts } from '../time/india-time.js';
import type { B2clRow, Gstr1Amounts, Gstr1Report, ReturnPeriod } from './gstr1.js';

/** Rupees with 2 decimals as a number, as the portal's JSON carries amounts. */
const rupees = (paise: Paise): number => Math.round(paise) / 100;

/** 'DD-MM-YYYY' on an Indian clock, the portal's date form. */
function portalDate(date: Date): string {
  const { year, month, day } = indiaDateParts(date);
  return `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
}

const taxes = (amounts: Gstr1Amounts) => ({
  txval: rupees(amounts.taxablePaise),
  iamt: rupees(amounts.igstPaise),
  camt: rupees(amounts.cgstPaise),
  samt: rupees(amounts.sgstPaise),
  csamt: rupees(amounts.cessPaise),
});

/** Item rows of an invoice-wise table: the portal numbers a rate's row rate x 100 + 1. */
const items = (row: B2clRow) =>
  row.rates.map((rate) => ({
    num: rate.ratePercent * 100 + 1,
    itm_det: {
      rt: rate.ratePercent,
      txval: rupees(rate.taxablePaise),
      iamt: rupees(rate.igstPaise),
      csamt: rupees(rate.cessPaise),
    },
  }));

/**
 * The month's GSTR-1 in the JSON layout the GST offline tool and the portal's upload take (field names of the GSTN
 * GSTR-1 schema: b2cs, b2cl, cdnur, nil, hsn, doc_issue). Every amount is rupees with 2 decimals as a number. The HSN
 * summary uses the 2025 split: everything of ours goes to hsn_b2c (no registered buyers).
 */
export function gstr1PortalJson(report: Gstr1Report, period: ReturnPeriod, gstin: string) {
  const b2clByPlace = new Map<string, B2clRow[]>();
  for (const row of report.b2cl) b2clByPlace.set(row.place.code, [...(b2clByPlace.get(row.place.code) ?? []), row]);
  return {
    gstin,
    fp: period.fp,
    b2cs: report.b2cs.map((row) => ({
      sply_ty: row.supply === 'intra_state' ? 'INTRA' : 'INTER',
      pos: row.place.code,
      typ: 'OE',
      rt: row.ratePercent,
      ...taxes(row),
    })),
    b2cl: [...b2clByPlace].map(([pos, rows]) => ({
      pos,
      inv: rows.map((row) => ({
        inum: row.number,
        idt: portalDate(row.issuedAt),
        val: rupees(row.invoicePaise),
        itms: items(row),
      })),
    })),
    cdnur: report.cdnur.map((row) => ({
      typ: 'B2CL',
      ntty: 'C',
      nt_num: row.number,
      nt_dt: portalDate(row.issuedAt),
      val: rupees(row.invoicePaise),
      pos: row.place.code,
      itms: items(row),
    })),
    nil: {
      inv: report.nil.map((row) => ({
        sply_ty: row.supply === 'intra_state' ? 'INTRAB2C' : 'INTERB2C',
        expt_amt: rupees(row.exemptPaise),
        nil_amt: rupees(row.nilRatedPaise),
        ngsup_amt: rupees(row.nonGstPaise),
      })),
    },
    hsn: {
      hsn_b2c: report.hsn.map((row, i) => ({
        num: i + 1,
        hsn_sc: row.hsn,
        desc: row.description,
        uqc: row.uqc,
        qty: row.quantity,
        val: rupees(row.valuePaise),
        rt: row.ratePercent,
        ...taxes(row),
      })),
    },
    doc_issue: {
      doc_det: report.documents.map((series) => ({
        doc_num: series.docNum,
        docs: [
          {
            num: 1,
            from: series.from,
            to: series.to,
            totnum: series.total,
            cancel: series.cancelled,
            net_issue: series.netIssued,
          },
        ],
      })),
    },
  };
}

/** The portal JSON of a month: see {@link gstr1PortalJson}. */
export type Gstr1PortalJson = ReturnType<typeof gstr1PortalJson>;
