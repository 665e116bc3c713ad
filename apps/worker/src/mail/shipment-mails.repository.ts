import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import type { Language, ShipmentStatus } from '@mandi/domain';
import { languageOf } from './order-mails.repository.js';

/** Whom a shipment's mails go to and what they tell: the part's lines and, once handed over, how it travels. */
export interface ShipmentForMail {
  orderId: number;
  status: ShipmentStatus;
  carrier: string | null;
  tracking: string | null;
  selfDelivery: boolean;
  /** The seller as the buyer knows them: their legal name once they filled in a business profile, else username. */
  sellerName: string;
  lines: { name: string; quantity: number }[];
  buyer: { email: string; username: string; language: Language } | null;
  seller: { email: string; username: string; language: Language } | null;
}

const SHIPMENT_MAIL_ROW = sqlRow('shipment for mail', {
  order_id: 'int',
  status: 'shipment_status',
  carrier: 'text | null',
  tracking_number: 'text | null',
  self_delivery: 'bool',
  seller_name: 'text',
  lines: narrowed<{ name: string; quantity: number }[]>('json'),
  buyer_email: 'text | null',
  buyer_username: 'text',
  buyer_language: 'text',
  seller_email: 'text | null',
  seller_username: 'text',
  seller_language: 'text',
});

/** What the shipment mails read (docs/shipments.md). */
@Injectable()
export class ShipmentMailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The shipment with its buyer and seller (null for a deleted account, who gets no mail), or null when gone. */
  async find(shipmentId: number): Promise<ShipmentForMail | null> {
    const [row] = await queryRows(
      this.prisma,
      SHIPMENT_MAIL_ROW,
      Prisma.sql`
      SELECT s.order_id, s.status, s.carrier, s.tracking_number, s.self_delivery,
             coalesce(p.legal_name, v.username::text) AS seller_name,
             (SELECT json_agg(json_build_object('name', i.product_name, 'quantity', i.quantity) ORDER BY i.id)
                FROM order_items i WHERE i.order_id = s.order_id AND i.seller_id = s.seller_id) AS lines,
             CASE WHEN b.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM ondc_orders n WHERE n.order_id = s.order_id) THEN b.email::text END AS buyer_email, b.username::text AS buyer_username,
             b.language AS buyer_language,
             CASE WHEN v.deleted_at IS NULL THEN v.email::text END AS seller_email, v.username::text AS seller_username,
             v.language AS seller_language
        FROM shipments s
        JOIN orders o ON o.id = s.order_id
        JOIN users b ON b.id = o.user_id
        JOIN users v ON v.id = s.seller_id
        LEFT JOIN seller_profiles p ON p.user_id = s.seller_id
       WHERE s.id = ${shipmentId}`,
    );
    if (!row) return null;
    const person = (email: string | null, username: string, language: string) =>
      email === null ? null : { email, username, language: languageOf(language) };
    return {
      orderId: row.order_id,
      status: row.status,
      carrier: row.carrier,
      tracking: row.tracking_number,
      selfDelivery: row.self_delivery,
      sellerName: row.seller_name,
      lines: row.lines,
      buyer: person(row.buyer_email, row.buyer_username, row.buyer_language),
      seller: person(row.seller_email, row.seller_username, row.seller_language),
    };
  }
}
