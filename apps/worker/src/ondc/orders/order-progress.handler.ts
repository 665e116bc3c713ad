import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { Transaction } from '@mandi/database';
import {
  MANDI_CANCEL_REASON,
  ONDC_DEFAULT_TTL,
  progressKey,
  progressStepsReached,
  sellerCancelKey,
  type OndcCallback,
  type OndcFulfillmentState,
} from '@mandi/domain';
import { LedgerBookService } from '../../ledger/ledger-book.service.js';
import { HandlesJob, JobHandler, type JobContext } from '../../pipeline/job.handler.js';
import { callbackContext, contextOf, sellerNodeOf, type BecknContext } from '../callbacks/callback-context.js';
import { recordCallback } from '../callbacks/callback-record.repository.js';
import { OndcCatalogReader } from '../catalog/catalog.reader.js';
import { NetworkOrdersRepository, type NetworkOrderRow } from './network-orders.repository.js';
import { placedOrder } from './order-documents.js';

/**
 * `ondc.order_progress` (order and shipment events): tells a network order's buyer app each step it took, by an
 * unsolicited on_status per fulfilment step (Pending, Packed, Order-picked-up, Out-for-delivery, Order-delivered),
 * each once (its unsolicited_key) and in order, every step before the latest too when several happened at once; and
 * Mandi's own cancellation (an admin's, or the 8-hour deadline's) by an unsolicited on_cancel with its seller reason
 * code. A cancelled prepaid order's settlement with the buyer app is booked in the ledger in the same transaction.
 * Any other order is not the network's: nothing.
 */
@Injectable()
@HandlesJob('ondc.order_progress')
export class OndcOrderProgressHandler extends JobHandler<{ orderId: number }> {
  constructor(
    private readonly orders: NetworkOrdersRepository,
    private readonly catalog: OndcCatalogReader,
    private readonly ledger: LedgerBookService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { finish }: JobContext): Promise<void> {
    const node = sellerNodeOf(this.config);
    const first = node ? await this.orders.networkOrder(orderId) : null;
    if (!node || !first) {
      await finish();
      return;
    }
    const productId = first.lines.find((line) => line.productId !== null)?.productId ?? null;
    const seller = productId === null ? null : ((await this.catalog.product(productId)).sellers[0] ?? null);
    if (!seller) throw new Error(`the provider of network order ${orderId} is no longer in the catalogue`);
    await finish(async (tx) => {
      // Read again under the job's transaction: what is recorded is what the order is now.
      const order = (await this.orders.networkOrder(orderId, tx))!;
      const request = contextOf(order.confirm_body);
      const view = {
        order,
        seller,
        gstin: this.config.SELLER_GSTIN,
        beneficiary: this.config.SELLER_LEGAL_NAME,
        bppId: node.id,
      };
      const send = (action: OndcCallback, key: string, step?: OndcFulfillmentState) => {
        const now = new Date();
        const context = callbackContext(request, action, node, now, { messageId: randomUUID() });
        return this.record(tx, order, action, key, context, placedOrder(view, now, step));
      };
      for (const step of progressStepsReached({ status: order.status, shipment: order.shipment_status }))
        await send('on_status', progressKey(orderId, step), step);
      if (order.status === 'cancelled') {
        if (order.cancelled_by === null) {
          await this.orders.markSellerCancelled(tx, orderId, MANDI_CANCEL_REASON);
          order.cancelled_by = 'seller_node';
          order.cancel_reason_code = MANDI_CANCEL_REASON;
        }
        if (order.cancelled_by === 'seller_node') await send('on_cancel', sellerCancelKey(orderId));
        await this.ledger.bookOrder(tx, orderId);
      }
    });
  }

  private async record(
    tx: Transaction,
    order: NetworkOrderRow,
    action: OndcCallback,
    key: string,
    context: BecknContext,
    ondcOrder: object,
  ): Promise<void> {
    await recordCallback(tx, {
      action,
      transactionId: order.transaction_id,
      messageId: context.message_id,
      bapId: order.bap_id,
      bapUri: order.bap_uri,
      body: { context: { ...context, ttl: ONDC_DEFAULT_TTL }, message: { order: ondcOrder } },
      replyToId: null,
      unsolicitedKey: key,
      orderId: order.order_id,
      dueBy: null,
    });
  }
}
