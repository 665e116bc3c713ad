import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  rowIdOf,
  type CodOrderBody,
  type OrderLine,
  type OrderPlacedAnswer,
  type PaymentOrderAnswer,
  type PaymentOrderBody,
} from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  CHECKOUT_MESSAGES,
  CURRENCY,
  DomainError,
  OPEN_ONLINE_ORDERS_MAX,
  WRITE_LIMIT_MESSAGES,
  type PaymentMethod,
} from '@mandi/domain';
import { RazorpayGateway } from '../payments/razorpay.gateway.js';
import { ListingCache } from '../products/listing.cache.js';
import { CheckoutProductsCache } from './checkout-products.cache.js';
import {
  assertClientFigures,
  checkAddress,
  notEnoughStock,
  priceOrder,
  realFigures,
  type ClientFigures,
  type PricedOrder,
} from '@mandi/orders';
import {
  CheckoutRepository,
  type AddressOwner,
  type NewOrder,
  type PricingRows,
  type ShortLine,
} from './checkout.repository.js';

/**
 * How many times one checkout prices its order: once, and again each time the order's statement finds a product or
 * the address changed since (every change between two statements a few milliseconds apart; a third is given up on).
 */
const PRICINGS_MAX = 3;

/** A checkout as asked for: its ids read (a buyer id that names no user is refused at once), lines and method. */
interface CheckoutRequest {
  userId: number;
  /** Null when the id names no row: no address, 404. */
  addressId: number | null;
  /** Each line's product id, null for an id that names no row (priced as gone). */
  productIds: (number | null)[];
  lines: readonly OrderLine[];
  method: PaymentMethod;
  /** What the client showed the buyer. */
  client: ClientFigures;
}

/** How the order is paid: the provider's order for an online payment, and whether its products leave the cart now. */
interface OrderPayment {
  providerOrderId: string | null;
  clearCart: boolean;
}

/**
 * Placing orders (docs/payments.md): every order is priced by the server and kept with copies of its address
 * and lines; cash on delivery places it at once; an online order waits for its payment (the payments feature).
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly checkout: CheckoutRepository,
    private readonly remembered: CheckoutProductsCache,
    private readonly razorpay: RazorpayGateway,
    private readonly listing: ListingCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * POST /api/payment/cod: a pending, unpaid order; its products leave the cart. Products checked out before are priced
   * from their remembered rows, so the order is usually one statement, which places it only if those rows still hold.
   */
  async placeCashOnDelivery(body: CodOrderBody): Promise<OrderPlacedAnswer> {
    const request = checkoutRequest(body.userId, body.addressId, body.cartItems, 'cod', { billing: body.billing });
    const priced = this.priceFromRemembered(request) ?? (await this.priceFromDatabase(request)).priced;
    const orderId = await this.place(request, priced, { providerOrderId: null, clearCart: true });
    return { success: true, orderId: String(orderId) };
  }

  /**
   * POST /api/payment/order: our order awaiting payment plus the provider's side of it. The widget variant answers
   * the provider's order for Razorpay Checkout; the cart variant (with billing) also answers a hosted payment page.
   * The provider is called before our transaction, so a provider failure leaves nothing of ours behind. A buyer with
   * OPEN_ONLINE_ORDERS_MAX online orders waiting for payment gets 409 before the provider is asked for anything.
   * The rows are read first (not remembered ones): the provider needs the address, and the amount it is asked for
   * must be the one the order is placed at.
   */
  async createOnlineOrder(body: PaymentOrderBody): Promise<PaymentOrderAnswer> {
    const client: ClientFigures = body.billing ? { billing: body.billing } : { amount: body.amount };
    const request = checkoutRequest(body.userId, body.addressId, body.items, 'online', client);
    const { address, priced, openOnlineOrders } = await this.priceFromDatabase(request);
    if (openOnlineOrders >= OPEN_ONLINE_ORDERS_MAX)
      throw new DomainError('conflict', WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders);
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
      : await this.razorpay.createOrder(amountPaise, reference, { userId: String(request.userId) });
    await this.place(request, priced, { providerOrderId: providerOrder.id, clearCart: false });
    return {
      order: { id: providerOrder.id, amount: amountPaise, currency: CURRENCY },
      key: this.razorpay.keyId,
      ...('url' in providerOrder ? { paymentUrl: providerOrder.url } : {}),
    };
  }

  /**
   * The order priced from the remembered rows of its products, or null when one is not remembered, or when those rows
   * would refuse it (gone, short, other figures than the client's: only rows read now may say so). The address is left
   * to the order's statement, which checks it.
   */
  private priceFromRemembered(request: CheckoutRequest): PricedOrder | null {
    const ids = request.productIds;
    if (request.addressId === null || ids.some((id) => id === null)) return null;
    const products = this.remembered.rowsOf(ids as number[]);
    if (!products) return null;
    try {
      const priced = priceOrder(request.userId, request.lines, products, request.method);
      assertClientFigures(priced, request.lines, request.client);
      return priced;
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  /** Reads the address and the products (remembering them), checks and prices the order as {@link priceFrom} does. */
  private async priceFromDatabase(request: CheckoutRequest) {
    const { userId, addressId, method } = request;
    // Ids that name no row have nothing to read: a product left out is priced as gone, no address is an unknown one.
    const rows =
      addressId === null
        ? { products: [], address: null, openOnlineOrders: 0 }
        : await this.checkout.pricingRows(
            request.productIds.flatMap((id) => id ?? []),
            addressId,
            userId,
            method,
          );
    this.remembered.remember(rows.products);
    return { ...this.priceFrom(rows, request), openOnlineOrders: rows.openOnlineOrders };
  }

  /**
   * Checks the address and the products, prices the order, and compares the client's figures: 404 or 403 for the
   * address, 409 for a product that cannot be bought or is short, 409 with the real figures when the client's differ.
   */
  private priceFrom<Address extends AddressOwner>(rows: PricingRows<Address>, request: CheckoutRequest) {
    const address = checkAddress(rows.address, request.userId);
    const priced = priceOrder(request.userId, request.lines, rows.products, request.method);
    assertClientFigures(priced, request.lines, request.client);
    return { address, priced };
  }

  /**
   * Records the order; 409 when the buyer's open online orders are full. A checkout that lost the free slot to the same
   * buyer's other checkout at the same moment tries again (each try sees the orders committed since), at most once per
   * slot, so the cap holds however many race. An order priced from rows that changed since is priced again from the
   * rows the statement answers (with every check of a first pricing) and tried again.
   */
  private async place(request: CheckoutRequest, priced: PricedOrder, payment: OrderPayment): Promise<number> {
    let order = newOrder(request, priced, payment);
    let pricings = 1;
    let slotsTaken = 0;
    for (;;) {
      const outcome = await this.checkout.placeOrder(order);
      if (outcome.kind === 'placed') {
        await this.listing.invalidate(
          order.lines.map((line) => line.productId),
          { listing: outcome.stockShown },
        );
        return outcome.orderId;
      }
      if (outcome.kind === 'short_stock') throw shortStock(order, outcome.lines);
      if (outcome.kind === 'open_orders_full') break;
      if (outcome.kind === 'slot_taken') {
        slotsTaken += 1;
        if (slotsTaken > OPEN_ONLINE_ORDERS_MAX) break;
        continue;
      }
      this.remembered.remember(outcome.rows.products);
      const repriced = this.priceFrom(outcome.rows, request).priced;
      pricings += 1;
      if (pricings > PRICINGS_MAX)
        throw new DomainError('conflict', CHECKOUT_MESSAGES.totalsChanged, { details: realFigures(repriced) });
      order = newOrder(request, repriced, payment);
    }
    // The provider's order made for this checkout is left unpaid; Razorpay lets unpaid orders lapse.
    throw new DomainError('conflict', WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders);
  }
}

/** Reads the ids of a checkout. Only an admin may name another buyer (the access guard); an id that names no user owns no address. */
function checkoutRequest(
  userIdText: string,
  addressIdText: string,
  lines: readonly OrderLine[],
  method: PaymentMethod,
  client: ClientFigures,
): CheckoutRequest {
  const userId = rowIdOf(userIdText);
  if (userId === null) throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
  return {
    userId,
    addressId: rowIdOf(addressIdText),
    productIds: lines.map((line) => rowIdOf(line.productId)),
    lines,
    method,
    client,
  };
}

/** The 409 of an order whose statement found lines short of stock (another order took the packs since pricing). */
function shortStock(order: NewOrder, short: readonly ShortLine[]): DomainError {
  const wanted = new Map<number, number>();
  for (const line of order.lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  return notEnoughStock(
    short,
    order.lines.map((line) => ({ id: line.productId, name: line.productName })),
    wanted,
  );
}

/** The order of a priced checkout. */
function newOrder(request: CheckoutRequest, priced: PricedOrder, payment: OrderPayment): NewOrder {
  return {
    userId: request.userId,
    method: request.method,
    // A priced checkout has an address: pricing refuses one without, and remembered rows are only used with one.
    addressId: request.addressId!,
    lines: priced.lines,
    subtotalPaise: priced.totals.subtotal,
    shippingPaise: priced.totals.shipping,
    totalPaise: priced.totals.grandTotal,
    totalWeightGrams: priced.totals.totalWeightGrams,
    ...payment,
  };
}
