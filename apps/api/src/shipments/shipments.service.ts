import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { rowIdOf, type HandOverBody, type OrderShipment, type Shipment } from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  DomainError,
  ORDER_MESSAGES,
  SELLER_PROFILE_MESSAGES,
  SHIPMENT_MESSAGES,
  SHIPMENT_MOVES,
  fieldsRefused,
  handOverProblems,
  type ShipmentMove,
} from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { toShipment } from './shipment-row.js';
import { ShipmentsRepository } from './shipments.repository.js';

/**
 * Sellers' parts of orders (issue 31, docs/shipments.md). Only the shipment's own seller moves it, from their own
 * dashboard, once Mandi has approved their business profile (Mandi's own official seller needs none), and only on a
 * confirmed order. Handing over the last part of an order ships the order.
 */
@Injectable()
export class ShipmentsService {
  constructor(
    private readonly shipments: ShipmentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 'Packed': from to pack. */
  async pack(caller: Caller, uid: string, shipmentId: string): Promise<Shipment> {
    const id = await this.movable(caller, uid, shipmentId);
    const moved = await this.shipments.pack(id, caller.id);
    if (!moved) throw await this.refusal(caller, id, 'pack');
    return toShipment(moved);
  }

  /** 'Handed over': from packed, to a courier with its tracking number or by the seller themself. */
  async handOver(caller: Caller, uid: string, shipmentId: string, body: HandOverBody): Promise<Shipment> {
    const problems = handOverProblems(body);
    if (problems.length > 0) throw fieldsRefused(problems);
    const id = await this.movable(caller, uid, shipmentId);
    const moved = await this.shipments.handOver(id, caller.id, body, this.config.ORDER_DECISION_WINDOW_MS);
    if (!moved) throw await this.refusal(caller, id, 'hand_over');
    return toShipment(moved);
  }

  /** The parts of an order, for its buyer or an admin: 404 for no such order, 403 for someone else's. */
  async ofOrder(caller: Caller, orderId: string): Promise<OrderShipment[]> {
    const id = rowIdOf(orderId);
    const buyer = id === null ? null : await this.shipments.buyerOf(id);
    if (buyer === null) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    if (buyer !== caller.id && caller.role !== 'admin') throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    const rows = await this.shipments.ofOrder(id!, this.config.OFFICIAL_SELLER_UID);
    return rows.map((row) => ({
      ...toShipment(row),
      seller: { uid: row.seller_uid, username: row.seller_username },
      order_item_ids: row.order_item_ids.map(String),
    }));
  }

  /**
   * The shipment's id once the caller may move it: from their own dashboard (403 from anyone else's, an admin's
   * included), as an approved seller or Mandi's own, and their own shipment (404 for none, 403 for another seller's).
   */
  private async movable(caller: Caller, uid: string, shipmentId: string): Promise<number> {
    if (caller.uid !== uid) throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    const id = rowIdOf(shipmentId);
    const state = id === null ? null : await this.shipments.state(id);
    if (!state) throw new DomainError('not_found', SHIPMENT_MESSAGES.notFound);
    if (state.seller_id !== caller.id) throw new DomainError('not_allowed', SHIPMENT_MESSAGES.notYours);
    const official = this.config.OFFICIAL_SELLER_UID !== null && caller.uid === this.config.OFFICIAL_SELLER_UID;
    if (!official && (await this.shipments.reviewOf(caller.id)) !== 'approved')
      throw new DomainError('not_allowed', SELLER_PROFILE_MESSAGES.approvalRequired);
    return state.id;
  }

  /** Why the move's rule refused it, read after the fact: the order is not confirmed, or the part is past the move. */
  private async refusal(caller: Caller, id: number, move: ShipmentMove): Promise<DomainError> {
    const state = await this.shipments.state(id);
    if (!state || state.seller_id !== caller.id) return new DomainError('not_found', SHIPMENT_MESSAGES.notFound);
    if (state.order_status !== 'confirmed') return new DomainError('conflict', SHIPMENT_MESSAGES.orderNotConfirmed);
    const from: readonly string[] = SHIPMENT_MOVES[move].from;
    if (!from.includes(state.status))
      return new DomainError(
        'conflict',
        move === 'pack' ? SHIPMENT_MESSAGES.cannotPack : SHIPMENT_MESSAGES.cannotHandOver,
      );
    return new DomainError('conflict', SHIPMENT_MESSAGES.orderNotConfirmed);
  }
}
