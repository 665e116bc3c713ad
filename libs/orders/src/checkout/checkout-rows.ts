import type { AddressInput, PaymentMethod, ProductCategory } from '@mandi/domain';

/**
 * A product as checkout prices it: its row now, and whether it can still be bought (by the database clock). The SQL
 * function `checkout_products` (prisma/sql/functions/) reads it, for the pricing read and for the order's check.
 */
export interface CheckoutProductRow {
  id: number;
  name: string;
  price_paise: number;
  weight_grams: number;
  category: ProductCategory;
  pre_packaged: boolean;
  seller_id: number;
  available: boolean;
  /** Packs left; null for unlimited. */
  stock: number | null;
  image_key: string | null;
}

/** A line that asked for more packs than its product has left, as the order's statement found it. */
export interface ShortLine {
  productId: number;
  left: number;
}

/** Whose a saved address is and whether it is still active: what decides whether checkout may deliver to it. */
export interface AddressOwner {
  id: number;
  user_id: number;
  is_deleted: boolean;
}

/** A saved address with its owner and whether it is still active. */
export interface CheckoutAddressRow extends AddressOwner, AddressInput {}

/** What checkout prices an order from: its products (those that exist) and its address (null when there is none). */
export interface PricingRows<Address extends AddressOwner = AddressOwner> {
  products: CheckoutProductRow[];
  address: Address | null;
}

/** One line as the order keeps it: a copy of the product as it was bought. */
export interface OrderLineCopy {
  productId: number;
  sellerId: number;
  productName: string;
  imageKey: string | null;
  unitPricePaise: number;
  quantity: number;
  weightGrams: number;
  category: ProductCategory;
  /** Sold pre-packaged, which set its GST rate; not kept with the line, but checked with the rest of the row. */
  prePackaged: boolean;
  hsnCode: string;
  gstRatePercent: number;
}

/** Everything an order row needs, priced by the server. */
export interface NewOrder {
  userId: number;
  method: PaymentMethod;
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
  totalWeightGrams: number;
  /** The saved address the order keeps a copy of: the statement copies it, if it is still the buyer's. */
  addressId: number;
  lines: readonly OrderLineCopy[];
  /** The provider's order (or payment link) id for an online payment; null for cash on delivery. */
  providerOrderId: string | null;
  /** Cash on delivery empties the ordered products from the cart at once; an online order does so once it is paid. */
  clearCart: boolean;
}

/** How placing an order went: its id, or why it was not placed (short stock, or OPEN_ONLINE_ORDERS_MAX). */
export type PlaceOrderOutcome =
  /** `stockShown`: a product it took from now shows 'Only N left' or 'Sold out', so cached listing pages are stale. */
  | { kind: 'placed'; orderId: number; stockShown: boolean }
  /** A product or the address is no longer what the order was priced from: nothing written; here they are now. */
  | { kind: 'changed'; rows: PricingRows }
  /** Every slot of the buyer's open online orders is taken. */
  | { kind: 'open_orders_full' }
  /** Another order of the same buyer took the free slot at the same moment; trying again may find another. */
  | { kind: 'slot_taken' }
  /** Some lines ask for more packs than are left now (another order took them since the pricing read). */
  | { kind: 'short_stock'; lines: ShortLine[] };

/** A line of an order as a client asks for it: a product id (text), how many, and the unit price it was shown (rupees). */
export interface PricingLine {
  productId: string;
  quantity: number;
  price?: number | undefined;
}

/** The billing a cart client showed its buyer, in rupees. */
export interface ClientBilling {
  subtotal: number;
  shippingCost: number;
  grandTotal: number;
}
