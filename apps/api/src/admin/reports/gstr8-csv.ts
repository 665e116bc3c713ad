import type { Gstr8Amounts, Gstr8Report } from '@mandi/domain';
import { csv, money } from './gstr1-csv.js';

const amounts = (row: Gstr8Amounts) => [
  row.invoices,
  row.creditNotes,
  money(row.suppliedPaise),
  money(row.returnedPaise),
  money(row.netPaise),
  money(row.igstPaise),
  money(row.cgstPaise),
  money(row.sgstPaise),
];

/** The month's GSTR-8 Table 3 as CSV: one row per seller GSTIN, then the total. */
export function gstr8Csv(report: Gstr8Report): string {
  return csv([
    [
      'Supplier GSTIN',
      'Supplier',
      'Invoices',
      'Credit notes',
      'Value of supplies made',
      'Value of supplies returned',
      'Net amount liable for TCS',
      'TCS IGST',
      'TCS CGST',
      'TCS SGST',
    ],
    ...report.rows.map((row) => [row.gstin, row.sellerName, ...amounts(row)]),
    ['Total', '', ...amounts(report.totals)],
  ]);
}
