import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { newOrder, type Db, type Order } from '@mandi/database';

/** Where poppler's pdftotext lives on Debian (poppler-utils); CI has it. */
const PDFTOTEXT = '/usr/bin/pdftotext';

/**
 * The text of a PDF as a reader would copy it, by poppler's pdftotext (-layout keeps a table row on one line).
 * Throws with a hint when poppler-utils is missing, rather than passing without looking.
 */
export function pdfText(pdf: Buffer): string {
  if (!existsSync(PDFTOTEXT)) throw new Error(`${PDFTOTEXT} is missing: apt-get install poppler-utils`);
  return execFileSync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

/** The number of pages of a PDF, from its page tree. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

/** A line of a test order: what the buyer bought, at which price (GST included) and rate. */
export interface TestLine {
  name: string;
  unitPaise: number;
  quantity: number;
  ratePercent: number;
  hsn: string;
}

/** Ghee at 5% and potatoes, exempt: the mixed order of the examples in docs/invoices.md. */
export const MIXED_LINES: TestLine[] = [
  { name: 'Desi Ghee 500 ml', unitPaise: 65_000, quantity: 2, ratePercent: 5, hsn: '0405' },
  { name: 'Aloo (Potato) 1 kg', unitPaise: 4_000, quantity: 3, ratePercent: 0, hsn: '0710' },
];

/**
 * An order with `lines`, delivered to `state` (Karnataka, the demo seller's own state, unless told otherwise), paid
 * unless `paid` is false; its totals add up like the checkout's.
 */
export async function orderWith(
  db: Db,
  options: {
    lines?: TestLine[];
    shippingPaise?: number;
    state?: string;
    paid?: boolean;
    name?: string;
    status?: Order['status'];
    cancelReason?: string;
  } = {},
): Promise<Order> {
  const lines = options.lines ?? MIXED_LINES;
  const shippingPaise = options.shippingPaise ?? 3000;
  const order = await newOrder(db, {
    paymentStatus: options.paid === false ? 'unpaid' : 'paid',
    paidAt: options.paid === false ? null : new Date(),
    paymentMethod: 'cod',
    status: options.status ?? 'confirmed',
    cancelReason: options.cancelReason ?? null,
    shippingPaise,
    addressState: options.state ?? 'Karnataka',
    addressName: options.name ?? 'Meera Iyer',
    lines: lines.map((line) => ({ quantity: line.quantity })),
  });
  const items = await db.orderItem.findMany({ where: { orderId: order.id }, orderBy: { id: 'asc' } });
  for (const [i, item] of items.entries()) {
    const line = lines[i]!;
    await db.orderItem.update({
      where: { id: item.id },
      data: {
        productName: line.name,
        unitPricePaise: line.unitPaise,
        hsnCode: line.hsn,
        gstRatePercent: line.ratePercent,
      },
    });
  }
  const subtotalPaise = lines.reduce((sum, line) => sum + line.unitPaise * line.quantity, 0);
  return db.order.update({
    where: { id: order.id },
    data: { subtotalPaise, totalPaise: subtotalPaise + shippingPaise },
  });
}

/** A clock a test can set; it starts at 24 November 2026, 10:00 in India (financial year 26-27). */
export class TestClock {
  now = new Date('2026-11-24T10:00:00+05:30');
  readonly read = (): Date => this.now;
}
