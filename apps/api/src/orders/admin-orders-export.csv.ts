import { ADMIN_ORDERS_CSV_COLUMNS } from '@mandi/contracts';
import { ORDER_STATUS_LABELS, formatIndiaDateTime, paiseToRupees } from '@mandi/domain';
import type { AdminOrderExportRow } from './admin-orders-export.repository.js';

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text a spreadsheet would run as a formula ('=HYPERLINK(...)', '+91...', '-2', '@SUM') gets a
 * leading apostrophe, so it is shown as text; then RFC 4180 quoting when it holds a comma, quote or line break.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF, as RFC 4180 writes it) of `cells`. */
export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The header line, {@link ADMIN_ORDERS_CSV_COLUMNS}. */
export const ADMIN_ORDERS_CSV_HEADER = csvLine(ADMIN_ORDERS_CSV_COLUMNS);

/** An order's CSV line: the columns of {@link ADMIN_ORDERS_CSV_COLUMNS}, time in India, total in rupees ('857.40'). */
export function adminOrderCsvLine(row: AdminOrderExportRow): string {
  return csvLine([
    row.id,
    `${formatIndiaDateTime(new Date(row.created_at))} IST`,
    row.username,
    row.email,
    row.address_name,
    row.district,
    row.pincode,
    row.state,
    ORDER_STATUS_LABELS[row.status] ?? row.status,
    row.payment_method === 'cod' ? 'Cash on delivery' : 'Online',
    row.payment_status === 'paid' ? 'Paid' : 'Unpaid',
    row.items.map((item) => `${item.product_name} × ${item.quantity}`).join('; '),
    paiseToRupees(row.total_paise).toFixed(2),
  ]);
}
