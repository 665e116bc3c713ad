// Checkout's pricing, pure: the storefront's checkout (apps/api) and the ONDC seller node's quotes and confirm
// (apps/worker/src/ondc/orders) price every order with these same functions, so a network order costs what a Mandi
// order costs to the paisa.
import {
  ACCESS_MESSAGES,
  ADDRESS_MESSAGES,
  CATEGORY_TAX,
  CHECKOUT_MESSAGES,
  DomainError,
  gstRatePercent,
  hasStockFor,
  orderTotals,
  paiseToRupees,
  rupeesToPaise,
  STOCK_MESSAGES,
  type OrderTotals,
  type PaymentMethod,
} from '@mandi/domain';
import type {
  AddressOwner,
  CheckoutProductRow,
  ClientBilling,
  OrderLineCopy,
  PricingLine,
  ShortLine,
} from './checkout-rows.js';

/** An order priced by the server: its totals and a copy of each line as bought. */
export interface PricedOrder {
  totals: OrderTotals;
  lines: OrderLineCopy[];
}

/** What the client believed the order costs: its billing (cart variant) or its grand total (widget variant). */
export interface ClientFigures {
  billing?: ClientBilling;
  /** Grand total in rupees. */
  amount?: number;
}

/**
 * Checks the address is the buyer's own and still saved: 404 for an unknown or deleted one, 403 for another user's
 * (an admin acting for a buyer still needs the buyer's address).
 */
export function checkAddress<Address extends AddressOwner>(address: Address | null, userId: number): Address {
  if (!address || address.is_deleted) throw new DomainError('not_found', ADDRESS_MESSAGES.notFound);
  if (address.user_id !== userId) throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
  return address;
}

/**
 * Prices `lines` for buyer `buyerId` from our own product rows and libs/domain's shipping rule. A product that is gone
 * or past its validUntil cannot be bought: 409 naming it; nor the buyer's own product: 409 naming it; nor more packs
 * than a product has left: 409 with each short line.
 */
export function priceOrder(
  buyerId: number,
  lines: readonly PricingLine[],
  products: readonly CheckoutProductRow[],
  method: PaymentMethod,
): PricedOrder {
  const byId = new Map(products.map((product) => [String(product.id), product]));
  const unavailable = lines.filter((line) => !byId.get(line.productId)?.available).map((line) => line.productId);
  if (unavailable.length > 0) {
    throw new DomainError('conflict', CHECKOUT_MESSAGES.productUnavailable, { details: { productIds: unavailable } });
  }
  const own = lines.filter((line) => byId.get(line.productId)!.seller_id === buyerId).map((line) => line.productId);
  if (own.length > 0) throw new DomainError('conflict', CHECKOUT_MESSAGES.ownProduct, { details: { productIds: own } });
  const wanted = new Map<number, number>();
  for (const line of lines) {
    const id = byId.get(line.productId)!.id;
    wanted.set(id, (wanted.get(id) ?? 0) + line.quantity);
  }
  const short = products.filter(
    (product) => wanted.has(product.id) && !hasStockFor(product.stock, wanted.get(product.id)!),
  );
  if (short.length > 0)
    throw notEnoughStock(
      short.map((product) => ({ productId: product.id, left: product.stock ?? 0 })),
      products,
      wanted,
    );
  const copies = lines.map((line): OrderLineCopy => {
    const product = byId.get(line.productId)!;
    return {
      productId: product.id,
      sellerId: product.seller_id,
      productName: product.name,
      imageKey: product.image_key,
      unitPricePaise: product.price_paise,
      quantity: line.quantity,
      weightGrams: product.weight_grams,
      category: product.category,
      prePackaged: product.pre_packaged,
      hsnCode: CATEGORY_TAX[product.category].hsn,
      gstRatePercent: gstRatePercent(product.category, product.pre_packaged),
    };
  });
  const totals = orderTotals(
    copies.map((line) => ({ unitPaise: line.unitPricePaise, quantity: line.quantity, weightGrams: line.weightGrams })),
    method,
  );
  return { totals, lines: copies };
}

/**
 * The 409 of lines asking for more packs than are left: which products (by `products`' rows, for their names), how
 * many each line asked for and how many are left, so the client can offer what there is.
 */
export function notEnoughStock(
  short: readonly ShortLine[],
  products: readonly Pick<CheckoutProductRow, 'id' | 'name'>[],
  wanted: ReadonlyMap<number, number>,
): DomainError {
  const items = short.map(({ productId, left }) => ({
    productId: String(productId),
    productName: products.find((product) => product.id === productId)?.name ?? null,
    requested: wanted.get(productId) ?? null,
    left,
  }));
  return new DomainError('conflict', STOCK_MESSAGES.notEnoughStock, { details: { items } });
}

/**
 * Compares what the client showed the buyer with the server's figures; any difference (a line's price, the subtotal,
 * shipping or the grand total) answers 409 with the real figures, so the buyer is never charged what they did not see.
 */
export function assertClientFigures(
  priced: PricedOrder,
  clientLines: readonly PricingLine[],
  client: ClientFigures,
): void {
  const { totals } = priced;
  const lineDiffers = clientLines.some(
    (line, index) => line.price !== undefined && rupeesToPaise(line.price) !== priced.lines[index]!.unitPricePaise,
  );
  const billing = client.billing;
  const billingDiffers =
    billing !== undefined &&
    (rupeesToPaise(billing.subtotal) !== totals.subtotal ||
      rupeesToPaise(billing.shippingCost) !== totals.shipping ||
      rupeesToPaise(billing.grandTotal) !== totals.grandTotal);
  const amountDiffers = client.amount !== undefined && rupeesToPaise(client.amount) !== totals.grandTotal;
  if (lineDiffers || billingDiffers || amountDiffers) {
    throw new DomainError('conflict', CHECKOUT_MESSAGES.totalsChanged, { details: realFigures(priced) });
  }
}

/** The server's figures in the API's rupees: the billing and each line's name, price and quantity. */
export function realFigures({ totals, lines }: PricedOrder) {
  return {
    billing: {
      subtotal: paiseToRupees(totals.subtotal),
      shippingCost: paiseToRupees(totals.shipping),
      grandTotal: paiseToRupees(totals.grandTotal),
    },
    items: lines.map((line) => ({
      productId: String(line.productId),
      productName: line.productName,
      price: paiseToRupees(line.unitPricePaise),
      quantity: line.quantity,
    })),
  };
}
