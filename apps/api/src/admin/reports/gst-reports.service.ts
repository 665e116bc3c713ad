import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { Gstr1ReportAnswer } from '@mandi/contracts';
import {
  buildGstr1,
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
import { gstr1Csv } from './gstr1-csv.js';

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

/** A month's return as last worked out, with what its documents were then and the JSON answer once written. */
interface PreparedReturn {
  fingerprint: string;
  period: ReturnPeriod;
  report: Gstr1Report;
  answer?: string;
}

/** How many months' returns a process keeps worked out: the months an accountant goes back and forth between. */
const PREPARED_MONTHS = 4;

/**
 * GSTR-1 of a month for the seller of record (SELLER_GSTIN, SELLER_STATE): the tables as the console shows them, each
 * as CSV, and the whole return in the portal's JSON layout. All three come from one read of the month's documents and
 * one pass of libs/domain's buildGstr1, which refuses (409) when a document disagrees with its order.
 */
@Injectable()
export class GstReportsService {
  /**
   * The months worked out in this process, by month, most recently used last. An entry is used only while the month's
   * documents are what they were (the fingerprint, read every time), so it is never stale: a month still being
   * invoiced is worked out again after each new document, a closed month once. In memory, not Redis: a return is
   * megabytes for a busy month, cheap to work out again in another replica, and private.
   */
  private readonly prepared = new Map<string, PreparedReturn>();

  constructor(
    private readonly repository: GstReportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The JSON answer of GET /api/admin/reports/gstr1, as text: written once per version of the month. */
  async gstr1Json(month: string): Promise<string> {
    const prepared = await this.prepare(month);
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
    const { period, report } = await this.prepare(month);
    return {
      fileName: `GSTR1-${period.month}-${table}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: gstr1Csv(report, table),
    };
  }

  /** The whole return in the GST portal's JSON layout, named `GSTR1-2026-11.json`. */
  async portal(month: string): Promise<Gstr1Download> {
    const { period, report } = await this.prepare(month);
    const json = gstr1PortalJson(report, period, this.config.SELLER_GSTIN);
    return {
      fileName: `GSTR1-${period.month}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(json),
    };
  }

  private async prepare(month: string): Promise<PreparedReturn> {
    const period = returnPeriod(month, new Date());
    const fingerprint = await this.repository.fingerprint(period.from, period.to);
    const known = this.prepared.get(period.month);
    this.prepared.delete(period.month);
    if (known?.fingerprint === fingerprint) {
      this.prepared.set(period.month, known);
      return known;
    }
    const documents = await this.repository.documentsIssued(period.from, period.to);
    // buildGstr1 refuses (409) a month whose documents disagree with their orders: nothing is kept then.
    const prepared: PreparedReturn = { fingerprint, period, report: buildGstr1(documents, this.config.SELLER_STATE) };
    this.prepared.set(period.month, prepared);
    if (this.prepared.size > PREPARED_MONTHS) this.prepared.delete(this.prepared.keys().next().value!);
    return prepared;
  }
}
