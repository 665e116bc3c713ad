import { Injectable } from '@nestjs/common';
import type { AdminOrdersExportQuery } from '@mandi/contracts';
import { formatIndiaDateTime } from '@mandi/domain';
import { ADMIN_ORDERS_CSV_HEADER, adminOrderCsvLine } from './admin-orders-export.csv.js';
import { AdminOrdersExportRepository } from './admin-orders-export.repository.js';

/** Orders read from the database per batch of the export: a few hundred kB of CSV at a time. */
export const EXPORT_BATCH = 1_000;

/** The admin order list as CSV, with the list's own filter and search, written as it is read. */
@Injectable()
export class AdminOrdersExportService {
  constructor(private readonly orders: AdminOrdersExportRepository) {}

  /** The file's name: 'mandi-orders-24h-2026-11-29.csv' (the filter, and today's date in India). */
  fileName(query: AdminOrdersExportQuery, now = new Date()): string {
    return `mandi-orders-${query.filter}-${formatIndiaDateTime(now).slice(0, 10)}.csv`;
  }

  /** The CSV's lines, the header first, then every matching order newest first, one batch of orders at a time. */
  async *lines(query: AdminOrdersExportQuery): AsyncGenerator<string> {
    const since = await this.orders.since(query.filter);
    // A byte order mark, so a spreadsheet opening the file reads it as UTF-8 (names in Hindi, '×', '₹').
    yield `\uFEFF${ADMIN_ORDERS_CSV_HEADER}`;
    let after = null;
    for (;;) {
      const rows = await this.orders.batch(since, query.search, after, EXPORT_BATCH);
      if (rows.length > 0) yield rows.map(adminOrderCsvLine).join('');
      if (rows.length < EXPORT_BATCH) return;
      const last = rows.at(-1)!;
      after = { createdAt: last.created_at, id: last.id };
    }
  }
}
