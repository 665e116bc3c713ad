import type { Shipment } from '@mandi/contracts';
import { Prisma } from '@mandi/database';
import type { ShipmentStatus } from '@mandi/domain';

/** A shipment as the queries read it: `json_build_object` of {@link shipmentJsonSql}, timestamps as JSON text. */
export interface ShipmentJson {
  id: number;
  order_id: number;
  status: ShipmentStatus;
  carrier: string | null;
  tracking_number: string | null;
  self_delivery: boolean;
  packed_at: string | null;
  handed_over_at: string | null;
}

/** The shipment `alias` (a row of `shipments`) as one JSON object, for the answers that carry shipments. */
export function shipmentJsonSql(alias: string): Prisma.Sql {
  const s = Prisma.raw(alias);
  return Prisma.sql`json_build_object('id', ${s}.id, 'order_id', ${s}.order_id, 'status', ${s}.status,
    'carrier', ${s}.carrier, 'tracking_number', ${s}.tracking_number, 'self_delivery', ${s}.self_delivery,
    'packed_at', ${s}.packed_at, 'handed_over_at', ${s}.handed_over_at)`;
}

const isoOrNull = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A shipment's answer. */
export function toShipment(row: ShipmentJson): Shipment {
  return {
    shipment_id: String(row.id),
    order_id: String(row.order_id),
    status: row.status,
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    self_delivery: row.self_delivery,
    packed_at: isoOrNull(row.packed_at),
    handed_over_at: isoOrNull(row.handed_over_at),
  };
}
