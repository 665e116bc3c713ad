import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { Transaction } from '@mandi/database';
import {
  NO_FINDER_FEE,
  ONDC_BUYER_CANCEL_REASONS,
  ONDC_ERRORS,
  callbackOf,
  finderFeeOf,
  finderFeePaise,
  isBuyerCancelReason,
  productIdOfOndcItem,
  quantityMaxFor,
  quotedTotalPaise,
  sellerIdOfOndcProvider,
  storeGps,
  type AddressInput,
  type CatalogSeller,
  type FinderFee,
  type PaymentMethod,
} from '@mandi/domain';
import { placeOrder, priceOrder, type CheckoutProductRow, type NewOrder, type PricedOrder } from '@mandi/orders';
import type { JobContext } from '../../pipeline/job.handler.js';
import { recordCallback, type InboundCall } from '../callbacks/callback-record.repository.js';
import { callbackContext, contextOf, sellerNodeOf, type SellerNode } from '../callbacks/callback-context.js';
import { OndcCatalogReader } from '../catalog/catalog.reader.js';
import { NetworkOrdersRepository, type NetworkOrderRow } from './network-orders.repository.js';
import {
  bppTerms,
  itemsOf,
  offeredFulfillment,
  offeredPayment,
  settlementAccountOf,
  paymentKind,
  placedOrder,
  providerOf,
  quoteOf,
  type DeliveryEnd,
  type OndcError,
} from './order-documents.js';
import { placedOrderView, providerPanOf } from './placed-order-view.js';

/** An order as a buyer app sends it in select, init and confirm (the API checked its shape). */
interface OrderMessage {
  id?: string;
  provider: { id: string; locations?: { id: string }[] };
  items: { id: string; quantity: { count: number } }[];
  billing?: Record<string, unknown>;
  fulfillments?: { end?: DeliveryEnd }[];
  quote?: unknown;
  payment?: { type?: string; params?: { transaction_id?: string } } & Record<string, unknown>;
}

/** A line asked for: the product and how many. */
interface AskedLine {
  productId: number;
  quantity: number;
}

/** What an order message prices to, or why it cannot be. */
type Pricing =
  | { kind: 'priced'; seller: CatalogSeller; priced: PricedOrder; products: CheckoutProductRow[]; lines: AskedLine[] }
  | { kind: 'short'; seller: CatalogSeller; products: CheckoutProductRow[]; lines: AskedLine[] }
  | { kind: 'refused'; error: OndcError };

/** How many times confirm places its order when a product changed or a slot was taken meanwhile. */
const PLACE_TRIES = 4;

const domainError = (error: { code: string; message: string }, message = error.message): OndcError => ({
  type: 'DOMAIN-ERROR',
  code: error.code,
  message,
});

/**
 * Answers a buyer app's order calls (docs/ondc.md, "Network orders"): select and init with Mandi's quote (checkout's
 * pricing, libs/orders), confirm by placing a Mandi order through checkout's own statement, status and track with
 * where it is, cancel through the order process's cancel move, update with a refusal (no returns, no part-cancel).
 * Each answer is recorded in the job's closing transaction with the writes it reports.
 */
@Injectable()
export class OndcOrderActions {
  constructor(
    private readonly orders: NetworkOrdersRepository,
    private readonly catalog: OndcCatalogReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async answer(call: InboundCall, context: JobContext): Promise<void> {
    const node = sellerNodeOf(this.config);
    if (!node) {
      await context.finish();
      return;
    }
    const message = (call.body as { message: Record<string, unknown> }).message;
    switch (call.action) {
      case 'select':
        return this.select(call, node, message.order as OrderMessage, context);
      case 'init':
        return this.init(call, node, message.order as OrderMessage, context);
      case 'confirm':
        return this.confirm(call, node, message.order as OrderMessage, context);
      case 'status':
      case 'track':
        return this.describe(call, node, String(message.order_id), context);
      case 'cancel':
        return this.cancel(call, node, message, context);
      case 'update':
        return this.refuseUpdate(call, node, context);
      default:
        throw new Error(`ondc order actions do not answer ${call.action}`);
    }
  }

  /** on_select: Mandi's quote for the items, what is left when some are short (40002), or why not. */
  private async select(call: InboundCall, node: SellerNode, order: OrderMessage, context: JobContext) {
    const pricing = await this.price(order, null);
    const end = order.fulfillments?.[0]?.end;
    await context.finish(async (tx) => {
      if (pricing.kind === 'refused') return this.reply(tx, call, node, { error: pricing.error });
      const { seller, products } = pricing;
      const serviceable = await this.serviceable(end);
      const left = new Map(products.map((product) => [product.id, quantityMaxFor(product.stock)]));
      const lines =
        pricing.kind === 'short'
          ? pricing.lines.map((line) => ({ ...line, quantity: Math.min(line.quantity, left.get(line.productId) ?? 0) }))
          : pricing.lines;
      const byId = new Map(products.map((product) => [product.id, product]));
      const method = methodOf(order);
      const counted = lines.filter((line) => line.quantity > 0);
      const shipping = counted.length > 0 && serviceable ? this.priced(counted, products, method).totals.shipping : 0;
      const quote = quoteOf(
        lines.map((line) => ({
          productId: line.productId,
          title: byId.get(line.productId)!.name,
          unitPaise: byId.get(line.productId)!.price_paise,
          quantity: line.quantity,
          maximum: left.get(line.productId) ?? 0,
        })),
        shipping,
      );
      const body = {
        order: {
          provider: providerOf(seller, order.provider.locations?.[0]?.id),
          items: itemsOf(pricing.lines),
          fulfillments: [offeredFulfillment(seller, serviceable)],
          quote,
        },
      };
      let error: OndcError | null = null;
      if (pricing.kind === 'short') {
        const short = pricing.lines
          .filter((line) => line.quantity > (left.get(line.productId) ?? 0))
          .map((line) => ({ item_id: String(line.productId), error: ONDC_ERRORS.itemQuantityUnavailable.code }));
        error = domainError(ONDC_ERRORS.itemQuantityUnavailable, JSON.stringify(short));
      } else if (!serviceable) error = domainError(ONDC_ERRORS.dropoffNotServiceable);
      return this.reply(tx, call, node, { message: body, ...(error ? { error } : {}) });
    });
  }

  /** on_init: the same quote with the delivery to the buyer, billing, payment terms and Mandi's terms. */
  private async init(call: InboundCall, node: SellerNode, order: OrderMessage, context: JobContext) {
    const method = methodOf(order);
    const pricing = await this.price(order, method);
    const end = order.fulfillments?.[0]?.end;
    const fee = await this.finderFee(call, order);
    await context.finish(async (tx) => {
      const refusal = await this.refusalOf(pricing, end);
      if (refusal || pricing.kind !== 'priced') return this.reply(tx, call, node, { error: refusal! });
      const { seller, priced } = pricing;
      const providerPan = await providerPanOf(this.orders, this.config, seller, tx);
      return this.reply(tx, call, node, {
        message: {
          order: {
            provider: providerOf(seller, order.provider.locations?.[0]?.id),
            items: itemsOf(pricing.lines),
            billing: order.billing,
            fulfillments: [offeredFulfillment(seller, true, end)],
            quote: this.quoteOfPriced(priced),
            payment: offeredPayment(
              order.payment?.type,
              fee,
              settlementAccountOf(this.config),
              priced.totals.grandTotal,
            ),
            tags: bppTerms(this.config.SELLER_GSTIN, providerPan),
          },
        },
      });
    });
  }

  /**
   * on_confirm: the order placed as a Mandi order by checkout's statement (stock taken in it), a prepaid one paid and
   * confirmed by the buyer app's capture, the ondc_orders row and the answer, all in the job's one transaction. A
   * transaction that has its order already is answered with it; a quote that is not Mandi's is refused (40003), short
   * stock too (40002), and neither writes an order.
   */
  private async confirm(call: InboundCall, node: SellerNode, order: OrderMessage, context: JobContext) {
    const placedBefore = await this.orders.orderOfTransaction(call.transactionId);
    if (placedBefore !== null) {
      await context.finish(async (tx) => this.replyWithOrder(tx, call, node, placedBefore));
      return;
    }
    const method = methodOf(order);
    const pricing = await this.price(order, method);
    const end = order.fulfillments?.[0]?.end;
    const fee = await this.finderFee(call, order);
    const place = end ? await this.orders.place(end.location.address.area_code ?? '') : null;
    await context.finish(async (tx) => {
      const refusal = await this.refusalOf(pricing, end);
      if (refusal || pricing.kind !== 'priced' || !end || !place)
        return this.reply(tx, call, node, { error: refusal ?? domainError(ONDC_ERRORS.dropoffNotServiceable) });
      if (quotedTotalPaise(order.quote) !== pricing.priced.totals.grandTotal)
        return this.reply(tx, call, node, { error: domainError(ONDC_ERRORS.quoteChanged) });
      const userId = await this.orders.networkBuyer(tx, call.bapId);
      const addressId = await this.orders.saveAddress(tx, userId, addressOf(end, order.billing, place));
      let priced = pricing.priced;
      for (let attempt = 1; attempt <= PLACE_TRIES; attempt += 1) {
        const outcome = await placeOrder(tx, newOrder(userId, addressId, method, priced), 'ondc');
        if (outcome.kind === 'placed') {
          return this.recordPlaced(tx, call, node, order, outcome.orderId, priced, fee, method);
        }
        if (outcome.kind === 'short_stock') {
          await tx.address.delete({ where: { id: addressId } });
          const short = outcome.lines.map((line) => ({
            item_id: String(line.productId),
            error: ONDC_ERRORS.itemQuantityUnavailable.code,
          }));
          return this.reply(tx, call, node, {
            error: domainError(ONDC_ERRORS.itemQuantityUnavailable, JSON.stringify(short)),
          });
        }
        if (outcome.kind === 'open_orders_full')
          throw new Error(`buyer app ${call.bapId} has every open online slot taken; trying again`);
        if (outcome.kind === 'changed') {
          const repriced = this.tryPrice(pricing.lines, outcome.rows.products, method);
          if (!repriced || repriced.totals.grandTotal !== priced.totals.grandTotal) {
            await tx.address.delete({ where: { id: addressId } });
            return this.reply(tx, call, node, { error: domainError(ONDC_ERRORS.quoteChanged) });
          }
          priced = repriced;
        }
      }
      throw new Error(`order of transaction ${call.transactionId} could not be placed in ${PLACE_TRIES} tries`);
    });
  }

  /** The placed order's network row, a prepaid order's capture, and on_confirm. */
  private async recordPlaced(
    tx: Transaction,
    call: InboundCall,
    node: SellerNode,
    order: OrderMessage,
    orderId: number,
    priced: PricedOrder,
    fee: FinderFee,
    method: PaymentMethod,
  ) {
    const kind = paymentKind(order.payment?.type);
    if (method === 'online') await this.orders.capturePrepaid(tx, orderId, this.config.ORDER_DECISION_WINDOW_MS);
    await this.orders.recordNetworkOrder(tx, {
      orderId,
      transactionId: call.transactionId,
      ondcOrderId: order.id ?? `MANDI-${orderId}`,
      bapId: call.bapId,
      bapUri: call.bapUri,
      paymentType: kind.type,
      collectedBy: kind.collectedBy,
      finderFeeType: fee.type,
      finderFeeValue: fee.value,
      finderFeePaise: finderFeePaise(fee, priced.totals.grandTotal),
    });
    return this.replyWithOrder(tx, call, node, orderId, call.body);
  }

  /** on_status and on_track of a network order of this buyer app. */
  private async describe(call: InboundCall, node: SellerNode, ondcOrderId: string, context: JobContext) {
    const orderId = await this.orders.orderIdOf(call.bapId, ondcOrderId);
    await context.finish(async (tx) => {
      if (orderId === null) return this.reply(tx, call, node, { error: domainError(ONDC_ERRORS.orderNotFound) });
      if (call.action === 'status') return this.replyWithOrder(tx, call, node, orderId);
      const order = (await this.orders.networkOrder(orderId, tx))!;
      const seller = await this.sellerOf(order);
      const onItsWay = order.status === 'shipped' || order.shipment_status === 'handed_over';
      return this.reply(
        tx,
        call,
        node,
        {
          message: {
            tracking: {
              id: 'F1',
              status: onItsWay && order.status !== 'delivered' ? 'active' : 'inactive',
              location: {
                gps: seller ? storeGps(seller.address.state) : '',
                time: { timestamp: new Date().toISOString() },
                updated_at: order.updated_at.toISOString(),
              },
              tags: [
                {
                  code: 'order',
                  list: [
                    { code: 'id', value: order.ondc_order_id },
                    ...(order.tracking_number ? [{ code: 'tracking_number', value: order.tracking_number }] : []),
                    ...(order.carrier ? [{ code: 'carrier', value: order.carrier }] : []),
                  ],
                },
              ],
            },
          },
        },
        orderId,
      );
    });
  }

  /**
   * on_cancel: the buyer app cancels with a buyer's reason code, inside Mandi's rules (the 8-hour window, not yet
   * shipped: the order process's cancel move, which restocks); otherwise 50001, and a code that is not a buyer's 30012.
   */
  private async cancel(call: InboundCall, node: SellerNode, message: Record<string, unknown>, context: JobContext) {
    const orderId = await this.orders.orderIdOf(call.bapId, String(message.order_id));
    const code = message.cancellation_reason_id;
    await context.finish(async (tx) => {
      if (orderId === null) return this.reply(tx, call, node, { error: domainError(ONDC_ERRORS.orderNotFound) });
      if (!isBuyerCancelReason(code))
        return this.reply(tx, call, node, { error: domainError(ONDC_ERRORS.invalidCancellationReason) }, orderId);
      const moved = await this.orders.cancelByBuyerApp(tx, {
        orderId,
        reason: ONDC_BUYER_CANCEL_REASONS[code],
        reasonCode: code,
        windowMs: this.config.ORDER_DECISION_WINDOW_MS,
      });
      if (!moved) return this.reply(tx, call, node, { error: domainError(ONDC_ERRORS.invalidOrderState) }, orderId);
      return this.replyWithOrder(tx, call, node, orderId);
    });
  }

  /** on_update: Mandi takes no returns after delivery and cancels no part of an order (docs/ondc.md). */
  private async refuseUpdate(call: InboundCall, node: SellerNode, context: JobContext) {
    await context.finish((tx) =>
      this.reply(tx, call, node, {
        error: domainError(
          ONDC_ERRORS.updateNotPossible,
          'Mandi takes no returns after delivery and cancels no part of an order; cancel the whole order instead',
        ),
      }),
    );
  }

  /** Records `call`'s answer with the order as it is now. */
  private async replyWithOrder(
    tx: Transaction,
    call: InboundCall,
    node: SellerNode,
    orderId: number,
    confirmBody?: unknown,
  ) {
    const order = (await this.orders.networkOrder(orderId, tx))!;
    if (confirmBody) order.confirm_body = confirmBody;
    const seller = await this.sellerOf(order);
    if (!seller) throw new Error(`the provider of network order ${orderId} is no longer in the catalogue`);
    const view = await placedOrderView(this.orders, this.config, tx, order, seller, node.id);
    const now = new Date();
    const action = callbackOf(call.action);
    return this.reply(tx, call, node, { message: { order: placedOrder(view, now, { action }) } }, orderId, now);
  }

  /** Records the answer to `call` (once: a second answer to the same request writes nothing). */
  private async reply(
    tx: Transaction,
    call: InboundCall,
    node: SellerNode,
    content: { message?: object; error?: OndcError },
    orderId: number | null = call.orderId,
    now = new Date(),
  ) {
    const action = callbackOf(call.action);
    // The order's updated_at is the callback's timestamp, as the validator checks it.
    const context = callbackContext(contextOf(call.body), action, node, now);
    await recordCallback(tx, {
      action,
      transactionId: call.transactionId,
      messageId: call.messageId,
      bapId: call.bapId,
      bapUri: call.bapUri,
      body: { context, ...content },
      replyToId: call.id,
      unsolicitedKey: null,
      orderId,
      dueBy: call.dueBy,
    });
  }

  /**
   * Prices an order message as checkout would (`method` null: as prepaid, for select): one provider, every item one of
   * its products on sale, the counts within what is left (else `short`, with the products to say what is).
   */
  private async price(order: OrderMessage, method: PaymentMethod | null): Promise<Pricing> {
    const sellerId = sellerIdOfOndcProvider(order.provider.id);
    if (sellerId === null) return { kind: 'refused', error: domainError(ONDC_ERRORS.providerNotFound) };
    const wanted = new Map<number, number>();
    for (const item of order.items) {
      const productId = productIdOfOndcItem(item.id);
      if (productId === null) return { kind: 'refused', error: domainError(ONDC_ERRORS.itemNotFound) };
      wanted.set(productId, (wanted.get(productId) ?? 0) + item.quantity.count);
    }
    const lines = [...wanted].map(([productId, quantity]) => ({ productId, quantity }));
    const products = await this.orders.products(lines.map((line) => line.productId));
    const byId = new Map(products.map((product) => [product.id, product]));
    if (lines.some((line) => !byId.get(line.productId)?.available))
      return { kind: 'refused', error: domainError(ONDC_ERRORS.itemNotFound) };
    // One provider per order (RET 1.2.0): items of another seller are not this provider's to quote.
    if (products.some((product) => product.seller_id !== sellerId))
      return {
        kind: 'refused',
        error: {
          type: 'DOMAIN-ERROR',
          code: ONDC_ERRORS.invalidRequest.code,
          message: 'Every item of an order must be of its one provider',
        },
      };
    const seller = (await this.catalog.product(lines[0]!.productId)).sellers[0];
    if (!seller || seller.sellerId !== sellerId)
      return { kind: 'refused', error: domainError(ONDC_ERRORS.providerNotFound) };
    if (lines.some((line) => line.quantity > quantityMaxFor(byId.get(line.productId)!.stock)))
      return { kind: 'short', seller, products, lines };
    return { kind: 'priced', seller, priced: this.priced(lines, products, method ?? 'online'), products, lines };
  }

  /** checkout's pricing of `lines` (a network buyer is never a seller, so id 0 owns none of them). */
  private priced(lines: readonly AskedLine[], products: readonly CheckoutProductRow[], method: PaymentMethod) {
    return priceOrder(
      0,
      lines.map((line) => ({ productId: String(line.productId), quantity: line.quantity })),
      products,
      method,
    );
  }

  /** The pricing of rows read again, or null when they no longer allow the order. */
  private tryPrice(lines: readonly AskedLine[], products: readonly CheckoutProductRow[], method: PaymentMethod) {
    try {
      return this.priced(lines, products, method);
    } catch {
      return null;
    }
  }

  /** Why an init or confirm cannot go on: its pricing's refusal, short stock, or a pincode Mandi does not deliver to. */
  private async refusalOf(pricing: Pricing, end: DeliveryEnd | undefined): Promise<OndcError | null> {
    if (pricing.kind === 'refused') return pricing.error;
    if (pricing.kind === 'short') {
      const short = pricing.lines
        .filter((line) => line.quantity > quantityMaxFor(pricing.products.find((p) => p.id === line.productId)!.stock))
        .map((line) => ({ item_id: String(line.productId), error: ONDC_ERRORS.itemQuantityUnavailable.code }));
      return domainError(ONDC_ERRORS.itemQuantityUnavailable, JSON.stringify(short));
    }
    return (await this.serviceable(end)) ? null : domainError(ONDC_ERRORS.dropoffNotServiceable);
  }

  /** Mandi delivers to every pincode of the India Post directory it holds; a request without one is not refused. */
  private async serviceable(end: { location?: { address?: { area_code?: string } } } | undefined) {
    const pincode = end?.location?.address?.area_code;
    return pincode === undefined || (await this.orders.place(pincode)) !== null;
  }

  private quoteOfPriced(priced: PricedOrder): object {
    return quoteOf(
      priced.lines.map((line) => ({
        productId: line.productId,
        title: line.productName,
        unitPaise: line.unitPricePaise,
        quantity: line.quantity,
      })),
      priced.totals.shipping,
    );
  }

  /** The buyer app's finder fee: as this call names it, else as its earlier calls of the transaction did, else none. */
  private async finderFee(call: InboundCall, order: OrderMessage): Promise<FinderFee> {
    const named = finderFeeOf(order.payment);
    if (named) return named;
    for (const payment of await this.orders.earlierPayment(call.transactionId, call.bapId)) {
      const fee = finderFeeOf(payment);
      if (fee) return fee;
    }
    return NO_FINDER_FEE;
  }

  /** The provider of a network order, as the catalogue names it. */
  private async sellerOf(order: NetworkOrderRow): Promise<CatalogSeller | null> {
    const productId = order.lines.find((line) => line.productId !== null)?.productId;
    if (productId === undefined || productId === null) return null;
    return (await this.catalog.product(productId)).sellers[0] ?? null;
  }
}

/** How an order message is paid: cash on delivery when it says ON-FULFILLMENT, else prepaid. */
function methodOf(order: OrderMessage): PaymentMethod {
  return paymentKind(order.payment?.type).type === 'ON-FULFILLMENT' ? 'cod' : 'online';
}

/** The address row of a delivery end: the buyer's name, phone, building and locality, the directory's places. */
function addressOf(
  end: DeliveryEnd,
  billing: Record<string, unknown> | undefined,
  place: { state: string; district: string; taluk: string },
): AddressInput {
  const address = end.location.address;
  const name = end.person?.name || address.name || String(billing?.name ?? '') || 'Buyer';
  const street = [address.door, address.building].filter(Boolean).join(', ');
  return {
    name: name.slice(0, 50),
    mobile: end.contact.phone.replace(/\D/g, '').slice(-10),
    state: place.state,
    district: place.district,
    taluk: place.taluk,
    flat_house_building: (street || address.locality || '').slice(0, 255),
    area_or_street_or_village: [address.street, address.locality].filter(Boolean).join(', ').slice(0, 255),
    landmark: '',
    pincode: address.area_code ?? '',
  };
}

/** The order row of a priced network order: the buyer app's user, the saved address, no provider order. */
function newOrder(userId: number, addressId: number, method: PaymentMethod, priced: PricedOrder): NewOrder {
  return {
    userId,
    method,
    addressId,
    lines: priced.lines,
    subtotalPaise: priced.totals.subtotal,
    shippingPaise: priced.totals.shipping,
    totalPaise: priced.totals.grandTotal,
    totalWeightGrams: priced.totals.totalWeightGrams,
    providerOrderId: null,
    clearCart: false,
  };
}
