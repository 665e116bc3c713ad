import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { Gstr1ReportAnswer, Gstr8ReportAnswer } from '@mandi/contracts';
import { SealedText, sellerProfileSealContext } from '@mandi/database';
import {
  buildGstr1,
  buildGstr8,
  DomainError,
  gstr8PortalJson,
  MANDI_SUPPLIER_KEY,
  SELLER_DASHBOARD_MESSAGES,
  supplierKeyOf,
  type Gstr8Amounts,
  type Gstr8Report,
  documentTitle,
  gstStateCode,
  gstr1PortalJson,
  returnPeriod,
  supplyTypeText,
  type B2clRow,
  type Gstr1Amounts,
  type Gstr1CsvTable,
  type Gstr1Report,
  type Paise,
  type ReturnPeriod,
} from '@mandi/domain';
import { GstReportsRepository } from './gst-reports.repository.js';
import type { Caller } from '../../auth/caller.js';
import { gstr1Csv } from './gstr1-csv.js';
import { gstr8Csv } from './gstr8-csv.js';

/** A download: its file name and body. */
export interface Gstr1Download {
  fileName: string;
  contentType: string;
  body: string;
}

const rupees = (paise: Paise): number => paise / 100;
const taxes = (row: Gstr1Amounts) => ({
  taxable: rupees(row.taxablePaise),
  igst: rupees(row.igstPaise),
  cgst: rupees(row.cgstPaise),
  sgst: rupees(row.sgstPaise),
  cess: rupees(row.cessPaise),
});

/** Whose GSTR-1 a return is: Mandi's own supplies, or one seller's made through Mandi, and their state. */
interface ReturnOf {
  supplierKey: string;
  state: string;
}

/** A month's return as last worked out, with the JSON answer once written. */
interface PreparedReturn {
  period: ReturnPeriod;
  report: Gstr1Report;
  answer?: string;
}

/**
 * How many returns a process keeps worked out: the months an accountant goes back and forth between, of GSTR-1 and
 * GSTR-8, and the sellers' own months as they download them.
 */
const PREPARED_RETURNS = 12;

/**
 * GST returns from the month's documents (docs/gst-returns.md):
 * - GSTR-1 of Mandi's own supplies (SELLER_GSTIN, SELLER_STATE): the tables as the console shows them, each as CSV, and
 *   the whole return in the portal's JSON layout, from one read of the month's documents and one pass of libs/domain's
 *   buildGstr1, which refuses (409) when a document disagrees with its order. Each seller downloads the same tables of
 *   their own supplies through Mandi, for their own GSTR-1.
 * - GSTR-8 of Mandi as e-commerce operator: the TCS on registered sellers' supplies, as JSON, CSV and the portal's JSON.
 */
@Injectable()
export class GstReportsService {
  /**
   * The returns worked out in this process, by return and month, most recently used last. An entry is used only while the month's
   * documents are what they were (the fingerprint, read every time), so it is never stale: a month still being
   * invoiced is worked out again after each new document, a closed month once. In memory, not Redis: a return is
   * megabytes for a busy month, cheap to work out again in another replica, and private.
   */
  private readonly prepared = new Map<string, { fingerprint: string; value: unknown }>();
  private readonly sealer: SealedText;
  private readonly mandi: ReturnOf;

  constructor(
    private readonly repository: GstReportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sealer = new SealedText(config.SELLER_DATA_KEY);
    this.mandi = { supplierKey: MANDI_SUPPLIER_KEY, state: config.SELLER_STATE };
  }

  /** The JSON answer of GET /api/admin/reports/gstr1, as text: written once per version of the month. */
  async gstr1Json(month: string): Promise<string> {
    const prepared = await this.prepare(month, this.mandi);
    prepared.answer ??= JSON.stringify(this.answerOf(prepared));
    return prepared.answer;
  }

  private answerOf({ period, report }: PreparedReturn): Gstr1ReportAnswer {
    const net = report.totals.register;
    const registerTotals = (totals: typeof net.net) => ({
      invoices: totals.invoices,
      creditNotes: totals.creditNotes,
      taxable: rupees(totals.taxablePaise),
      exempt: rupees(totals.exemptPaise),
      cgst: rupees(totals.cgstPaise),
      sgst: rupees(totals.sgstPaise),
      igst: rupees(totals.igstPaise),
      total: rupees(totals.totalPaise),
    });
    const large = (row: B2clRow, againstNumber: string | null) => ({
      number: row.number,
      date: row.issuedAt.toISOString(),
      placeOfSupply: row.place,
      invoiceValue: rupees(row.invoicePaise),
      againstNumber,
      rates: row.rates.map((rate) => ({ rate: rate.ratePercent, ...taxes(rate) })),
    });
    return {
      period: {
        month: period.month,
        fp: period.fp,
        label: period.label,
        from: period.from.toISOString(),
        to: period.to.toISOString(),
      },
      seller: {
        gstin: this.config.SELLER_GSTIN,
        state: { code: gstStateCode(this.config.SELLER_STATE) ?? '', name: this.config.SELLER_STATE },
      },
      b2cs: {
        rows: report.b2cs.map((row) => ({
          placeOfSupply: row.place,
          supplyType: supplyTypeText(row.supply),
          rate: row.ratePercent,
          ...taxes(row),
        })),
        totals: taxes(report.totals.b2cs),
      },
      b2cl: report.b2cl.map((row) => large(row, null)),
      cdnur: report.cdnur.map((row) => large(row, row.invoiceNumber)),
      nil: {
        rows: report.nil.map((row) => ({
          supplyType: supplyTypeText(row.supply),
          nilRated: rupees(row.nilRatedPaise),
          exempt: rupees(row.exemptPaise),
          nonGst: rupees(row.nonGstPaise),
        })),
        totals: {
          nilRated: rupees(report.totals.nil.nilRatedPaise),
          exempt: rupees(report.totals.nil.exemptPaise),
          nonGst: rupees(report.totals.nil.nonGstPaise),
        },
      },
      hsn: {
        rows: report.hsn.map((row) => ({
          hsn: row.hsn,
          description: row.description,
          uqc: row.uqc,
          quantity: row.quantity,
          rate: row.ratePercent,
          totalValue: rupees(row.valuePaise),
          ...taxes(row),
        })),
        totals: {
          quantity: report.totals.hsn.quantity,
          totalValue: rupees(report.totals.hsn.valuePaise),
          ...taxes(report.totals.hsn),
        },
      },
      documents: report.documents.map(({ nature, from, to, total, cancelled, netIssued }) => ({
        nature,
        from,
        to,
        total,
        cancelled,
        netIssued,
      })),
      register: {
        rows: report.register.map((row) => ({
          document: documentTitle(row.title) as 'Tax Invoice' | 'Bill of Supply' | 'Credit Note',
          number: row.number,
          date: row.issuedAt.toISOString(),
          orderId: row.orderId,
          againstNumber: row.againstNumber,
          placeOfSupply: row.place,
          supplyType: supplyTypeText(row.supply),
          taxable: rupees(row.taxablePaise),
          exempt: rupees(row.exemptPaise),
          cgst: rupees(row.cgstPaise),
          sgst: rupees(row.sgstPaise),
          igst: rupees(row.igstPaise),
          total: rupees(row.totalPaise),
        })),
        totals: {
          invoices: registerTotals(net.invoices),
          creditNotes: registerTotals(net.creditNotes),
          net: registerTotals(net.net),
        },
      },
      readAt: new Date().toISOString(),
    };
  }

  /** One table as CSV, named `GSTR1-2026-11-b2cs.csv`. */
  async csv(month: string, table: Gstr1CsvTable): Promise<Gstr1Download> {
    const { period, report } = await this.prepare(month, this.mandi);
    return {
      fileName: `GSTR1-${period.month}-${table}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: gstr1Csv(report, table),
    };
  }

  /** The whole return in the GST portal's JSON layout, named `GSTR1-2026-11.json`. */
  async portal(month: string): Promise<Gstr1Download> {
    const { period, report } = await this.prepare(month, this.mandi);
    const json = gstr1PortalJson(report, period, this.config.SELLER_GSTIN);
    return {
      fileName: `GSTR1-${period.month}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(json),
    };
  }

  /**
   * One table of seller `uid`'s own GSTR-1 for a month, from the documents issued in their name through Mandi, as CSV
   * named `SUPPLIES-2026-11-b2cs.csv`: for the seller themself or an admin (403 for anyone else, 404 for no such user).
   */
  async sellerSuppliesCsv(caller: Caller, uid: string, month: string, table: Gstr1CsvTable): Promise<Gstr1Download> {
    if (caller.role !== 'admin' && caller.uid !== uid)
      throw new DomainError('not_allowed', SELLER_DASHBOARD_MESSAGES.notYours);
    const seller = await this.repository.sellerOf(uid);
    if (!seller) throw new DomainError('not_found', SELLER_DASHBOARD_MESSAGES.sellerNotFound);
    const whose = { supplierKey: supplierKeyOf(seller.id), state: seller.state ?? this.config.SELLER_STATE };
    const { period, report } = await this.prepare(month, whose);
    return {
      fileName: `SUPPLIES-${period.month}-${table}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: gstr1Csv(report, table),
    };
  }

  /** The month's GSTR-8 as the console shows it. */
  async gstr8Json(month: string): Promise<Gstr8ReportAnswer> {
    const { period, report } = await this.prepare8(month);
    const amounts = (row: Gstr8Amounts) => ({
      invoices: row.invoices,
      creditNotes: row.creditNotes,
      supplied: rupees(row.suppliedPaise),
      returned: rupees(row.returnedPaise),
      net: rupees(row.netPaise),
      igst: rupees(row.igstPaise),
      cgst: rupees(row.cgstPaise),
      sgst: rupees(row.sgstPaise),
    });
    return {
      period: {
        month: period.month,
        fp: period.fp,
        label: period.label,
        from: period.from.toISOString(),
        to: period.to.toISOString(),
      },
      operator: { name: this.config.SELLER_LEGAL_NAME, gstin: this.config.SELLER_GSTIN },
      rows: report.rows.map((row) => ({ gstin: row.gstin, name: row.sellerName, ...amounts(row) })),
      totals: amounts(report.totals),
    };
  }

  /** The month's GSTR-8 as CSV, named `GSTR8-2026-11.csv`. */
  async gstr8Csv(month: string): Promise<Gstr1Download> {
    const { period, report } = await this.prepare8(month);
    return { fileName: `GSTR8-${period.month}.csv`, contentType: 'text/csv; charset=utf-8', body: gstr8Csv(report) };
  }

  /** The month's GSTR-8 in the GST portal's JSON layout, named `GSTR8-2026-11.json`. */
  async gstr8Portal(month: string): Promise<Gstr1Download> {
    const { period, report } = await this.prepare8(month);
    return {
      fileName: `GSTR8-${period.month}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(gstr8PortalJson(report, period, this.config.SELLER_GSTIN)),
    };
  }

  /**
   * The month's GSTR-8 from its registered sellers' documents, each seller's GSTIN opened once from the sealed copy
   * its documents keep (the GSTIN printed on them, whatever the profile says now).
   */
  private async prepare8(month: string): Promise<{ period: ReturnPeriod; report: Gstr8Report }> {
    const period = returnPeriod(month, new Date());
    // Every seller's documents (supplier null): a new one is the only way the month's GSTR-8 can change.
    const fingerprint = await this.repository.fingerprint(period.from, period.to, null);
    return this.kept(`gstr8 ${period.month}`, fingerprint, async () => ({
      period,
      report: await this.gstr8Of(period),
    }));
  }

  private async gstr8Of(period: ReturnPeriod): Promise<Gstr8Report> {
    const rows = await this.repository.tcsDocuments(period.from, period.to);
    const opened = new Map<string, string>();
    const gstinOf = (sellerId: number, sealed: Uint8Array) => {
      const key = `${sellerId}:${Buffer.from(sealed).toString('base64')}`;
      let gstin = opened.get(key);
      if (gstin === undefined) {
        gstin = this.sealer.open(sealed, sellerProfileSealContext('gstin', sellerId));
        opened.set(key, gstin);
      }
      return gstin;
    };
    return buildGstr8(
      rows.map((row) => ({
        type: row.type,
        number: row.number,
        gstin: gstinOf(row.seller_id, row.gstin_sealed),
        sellerName: row.seller_name,
        taxablePaise: row.taxable_paise,
        tcs: { cgstPaise: row.tcs_cgst_paise, sgstPaise: row.tcs_sgst_paise, igstPaise: row.tcs_igst_paise },
      })),
    );
  }

  private async prepare(month: string, whose: ReturnOf): Promise<PreparedReturn> {
    const period = returnPeriod(month, new Date());
    const fingerprint = await this.repository.fingerprint(period.from, period.to, whose.supplierKey);
    return this.kept(`gstr1 ${whose.supplierKey} ${whose.state} ${period.month}`, fingerprint, async () => {
      const documents = await this.repository.documentsIssued(period.from, period.to, whose.supplierKey);
      // buildGstr1 refuses (409) a month whose documents disagree with their orders: nothing is kept then.
      return { period, report: buildGstr1(documents, whose.state) };
    });
  }

  /**
   * The return kept under `key` while its documents are what they were (`fingerprint`), else `work` done again and
   * kept, most recently used last, the oldest dropped beyond PREPARED_RETURNS.
   */
  private async kept<T>(key: string, fingerprint: string, work: () => Promise<T>): Promise<T> {
    const known = this.prepared.get(key);
    this.prepared.delete(key);
    if (known?.fingerprint === fingerprint) {
      this.prepared.set(key, known);
      return known.value as T;
    }
    const value = await work();
    this.prepared.set(key, { fingerprint, value });
    if (this.prepared.size > PREPARED_RETURNS) this.prepared.delete(this.prepared.keys().next().value!);
    return value;
  }
}
