import {
  documentTitle,
  formatInvoiceDate,
  supplyTypeText,
  type Gstr1CsvTable,
  type Gstr1Report,
  type Paise,
} from '@mandi/domain';

/** A cell: text (guarded against formula injection) or an amount in paise (written with two decimals). */
type Cell = string | number | { paise: Paise };

/**
 * A text cell a spreadsheet would not run: one that starts with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe (OWASP's CSV injection advice); then quoted when it holds a comma, quote or line break. Amounts are ours,
 * written as numbers, and a negative one stays a number.
 */
function cellText(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return (cell.paise / 100).toFixed(2);
  const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV (RFC 4180, CRLF), every text cell guarded. */
export const csv = (rows: readonly (readonly Cell[])[]): string =>
  rows.map((row) => row.map(cellText).join(',')).join('\r\n') + '\r\n';
/** An amount cell, written with two decimals. */
export const money = (paise: Paise) => ({ paise });
const date = (instant: Date): string => formatInvoiceDate(instant);

/** One table of the month's GSTR-1 as CSV (RFC 4180, CRLF), with a total row where the table has sums. */
export function gstr1Csv(report: Gstr1Report, table: Gstr1CsvTable): string {
  switch (table) {
    case 'b2cs':
      return csv([
        ['Place of supply', 'State code', 'Supply type', 'Rate (%)', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess'],
        ...report.b2cs.map((row) => [
          row.place.name,
          row.place.code,
          supplyTypeText(row.supply),
          row.ratePercent,
          money(row.taxablePaise),
          money(row.igstPaise),
          money(row.cgstPaise),
          money(row.sgstPaise),
          money(row.cessPaise),
        ]),
        ['Total', '', '', '', ...amounts(report.totals.b2cs)],
      ]);
    case 'hsn':
      return csv([
        [
          'HSN',
          'Description',
          'UQC',
          'Total quantity',
          'Rate (%)',
          'Total value',
          'Taxable value',
          'IGST',
          'CGST',
          'SGST',
          'Cess',
        ],
        ...report.hsn.map((row) => [
          row.hsn,
          row.description,
          row.uqc,
          row.quantity,
          row.ratePercent,
          money(row.valuePaise),
          ...amounts(row),
        ]),
        [
          'Total',
          '',
          '',
          report.totals.hsn.quantity,
          '',
          money(report.totals.hsn.valuePaise),
          ...amounts(report.totals.hsn),
        ],
      ]);
    case 'nil':
      return csv([
        ['Description', 'Nil rated supplies', 'Exempted (other than nil rated/non-GST supply)', 'Non-GST supplies'],
        ...report.nil.map((row) => [
          `${supplyTypeText(row.supply)} supplies to unregistered persons`,
          money(row.nilRatedPaise),
          money(row.exemptPaise),
          money(row.nonGstPaise),
        ]),
        [
          'Total',
          money(report.totals.nil.nilRatedPaise),
          money(report.totals.nil.exemptPaise),
          money(report.totals.nil.nonGstPaise),
        ],
      ]);
    case 'docs':
      return csv([
        ['Nature of document', 'Sr. No. From', 'Sr. No. To', 'Total number', 'Cancelled', 'Net issued'],
        ...report.documents.map((row) => [row.nature, row.from, row.to, row.total, row.cancelled, row.netIssued]),
      ]);
    case 'register': {
      const net = report.totals.register.net;
      return csv([
        [
          'Document',
          'Number',
          'Date',
          'Order',
          'Against invoice',
          'Place of supply',
          'State code',
          'Supply type',
          'Taxable value',
          'Exempt value',
          'CGST',
          'SGST',
          'IGST',
          'Total',
        ],
        ...report.register.map((row) => [
          documentTitle(row.title),
          row.number,
          date(row.issuedAt),
          `#${row.orderId}`,
          row.againstNumber ?? '',
          row.place.name,
          row.place.code,
          supplyTypeText(row.supply),
          money(row.taxablePaise),
          money(row.exemptPaise),
          money(row.cgstPaise),
          money(row.sgstPaise),
          money(row.igstPaise),
          money(row.totalPaise),
        ]),
        [
          'Net',
          `${net.invoices} invoices, ${net.creditNotes} credit notes`,
          '',
          '',
          '',
          '',
          '',
          '',
          money(net.taxablePaise),
          money(net.exemptPaise),
          money(net.cgstPaise),
          money(net.sgstPaise),
          money(net.igstPaise),
          money(net.totalPaise),
        ],
      ]);
    }
  }
}

function amounts(row: {
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
}): Cell[] {
  return [
    money(row.taxablePaise),
    money(row.igstPaise),
    money(row.cgstPaise),
    money(row.sgstPaise),
    money(row.cessPaise),
  ];
}
