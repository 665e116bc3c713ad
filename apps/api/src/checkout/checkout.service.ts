import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { rowIdOf, type CodOrderBody, type OrderLine, type OrderPlacedAnswer, type PaymentOrderAnswer, type PaymentOrderBody } from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  CURRENCY,
  DomainError,
  OPEN_ONLINE_ORDERS_MAX,
  WRITE_LIMIT_MESSAGES,
  type PaymentMethod,
} from '@mandi/domain';
import { RazorpayGateway } from '../payments/razorpay.gateway.js';
import { ListingCache } from '../products/listing.cache.js';
import { assertClientFigures, checkAddress, notEnoughStock, priceOrder, type ClientFigures, type PricedOrder } from './checkout-pricing.js';
import { CheckoutRepository, type CheckoutAddressRow, type NewOrder, type ShortLine } from './checkout.repository.js';

/**
 * Placing orders (spec 001 sections 4 and 7): every order is priced by the server and kept with copies of its address
 * and lines; cash on delivery places it at once; an online order waits for its payment (the payments feature).
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly checkout: CheckoutRepository,
    private readonly razorpay: RazorpayGateway,
    private readonly listing: ListingCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /api/payment/cod: a pending, unpaid order; its products leave the cart. */
  async placeCashOnDelivery(body: CodOrderBody): Promise<OrderPlacedAnswer> {
    const { userId, address, priced } = await this.prepare(body.userId, body.addressId, body.cartItems, 'cod', { billing: body.billing });
    const orderId = await this.place({ ...orderColumns(userId, 'cod', address, priced), providerOrderId: null, clearCart: true });
    return { success: true, orderId: String(orderId) };
  }

  /**
   * POST /api/payment/order: our order awaiting payment plus the provider's side of it. The widget variant answers
   * the provider's order for Razorpay Checkout; the cart variant (with billing) also answers a hosted payment page.
   * The provider is called before our transaction, so a provider failure leaves nothing of ours behind. A buyer with
   * OPEN_ONLINE_ORDERS_MAX online orders waiting for payment gets 409 before the provider is asked for anything.
   */
  async createOnlineOrder(body: PaymentOrderBody): Promise<PaymentOrderAnswer> {
    const client: ClientFigures = body.billing ? { billing: body.billing } : { amount: body.amount };
    const { userId, address, priced, openOnlineOrders } = await this.prepare(body.userId, body.addressId, body.items, 'online', client);
    if (openOnlineOrders >= OPEN_ONLINE_ORDERS_MAX) throw new DomainError('conflict', WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders);
    const amountPaise = priced.totals.grandTotal;
    const reference = randomUUID();
    const providerOrder = body.billing
      ? await this.razorpay.createPaymentPage({
          amountPaise,
          referenceId: reference,
          description: `Mandi order of ${priced.lines.length} product(s)`,
          customer: { name: address.name, contact: `+91${address.mobile}` },
          returnUrl: `${this.config.PUBLIC_URL}/api/payment/return`,
        })
      : await this.razorpay.createOrder(amountPaise, reference, { userId: String(userId) });
    await this.place({ ...orderColumns(userId, 'online', address, priced), providerOrderId: providerOrder.id, clearCart: false });
    return {
      order: { id: providerOrder.id, amount: amountPaise, currency: CURRENCY },
      key: this.razorpay.keyId,
      ...('url' in providerOrder ? { paymentUrl: providerOrder.url } : {}),
    };
  }

  /** Loads and checks the address and the products, prices the order, and compares the client's figures. */
  private async prepare(userIdText: string, addressIdText: string, lines: readonly OrderLine[], method: PaymentMethod, client: ClientFigures) {
    // Only an admin may name another buyer (the access guard); an id that names no user owns no address.
    const userId = rowIdOf(userIdText);
    if (userId === null) throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    const addressId = rowIdOf(addressIdText);
    // Ids that name no row have nothing to read: a product left out is priced as gone, no address is an unknown one.
    const productIds = lines.flatMap((line) => rowIdOf(line.productId) ?? []);
    const { products, address: addressRow, openOnlineOrders } =
      addressId === null
        ? { products: [], address: null, openOnlineOrders: 0 }
        : await this.checkout.pricingRows(productIds, addressId, userId, method);
    const address = checkAddress(addressRow, userId);
    const priced = priceOrder(lines, products, method);
    assertClientFigures(priced, lines, client);
    return { userId, address, priced, openOnlineOrders };
  }

  /**
   * Records the order; 409 when the buyer's open online orders are full. A checkout that lost the free slot to the same
   * buyer's other checkout at the same moment tries again (each try sees the orders committed since), at most once per
   * slot, so the cap holds however many race.
   */
  private async place(order: NewOrder): Promise<number> {
    for (let attempt = 0; attempt <= OPEN_ONLINE_ORDERS_MAX; attempt += 1) {
      const outcome = await this.checkout.placeOrder(order);
      if (outcome.kind === 'placed') {
        await this.listing.invalidate(order.lines.map((line) => line.productId), { listing: outcome.stockShown });
        return outcome.orderId;
      }
      if (outcome.kind === 'short_stock') throw shortStock(order, outcome.lines);
      if (outcome.kind === 'open_orders_full') break;
    }
    // The provider's order made for this checkout is left unpaid; Razorpay lets unpaid orders lapse.
    throw new DomainError('conflict', WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders);
  }
}

/** The 409 of an order whose statement found lines short of stock (another order took the packs since pricing). */
function shortStock(order: NewOrder, short: readonly ShortLine[]): DomainError {
  const wanted = new Map<number, number>();
  for (const line of order.lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  return notEnoughStock(short, order.lines.map((line) => ({ id: line.productId, name: line.productName })), wanted);
}

/** The order columns of a priced order. */
function orderColumns(userId: number, method: PaymentMethod, address: CheckoutAddressRow, priced: PricedOrder) {
  return {
    userId,
    method,
    address,
    lines: priced.lines,
    subtotalPaise: priced.totals.subtotal,
    shippingPaise: priced.totals.shipping,
    totalPaise: priced.totals.grandTotal,
    totalWeightGrams: priced.totals.totalWeightGrams,
  };
}
