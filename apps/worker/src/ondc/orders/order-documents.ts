import {
  ONDC_CANCELLED_BY,
  ONDC_DELIVERY_CATEGORY,
  ONDC_DELIVERY_FULFILLMENT,
  ONDC_DELIVERY_TAT,
  ONDC_NP_TYPE,
  ONDC_PAYMENT,
  ONDC_PROGRESS_STEPS,
  ONDC_TIME_TO_SHIP,
  ONDC_TRACKING,
  ondcItemId,
  ondcLocationId,
  ondcOrderStateOf,
  ondcPaymentTerms,
  ondcPrice,
  ondcProviderId,
  ondcQuote,
  ondcRupees,
  fulfillmentStateOf,
  storeGps,
  type CatalogSeller,
  type FinderFee,
  type OndcCallback,
  type OndcErrorType,
  type OndcFulfillmentState,
  type QuoteLine,
  type SettlementAccount,
} from '@mandi/domain';
import type { AppConfig } from '@mandi/config';
import type { NetworkOrderRow } from './network-orders.repository.js';

/*
 * The messages of Mandi's order callbacks (RET 1.2.0, as the validator's utils/Retail checks them), built from what
 * the request said and what Mandi has: pure, so each callback is exactly the body recorded and signed.
 */

/** The buyer's delivery end as the buyer app sent it (init, confirm): echoed back in every later callback. */
export interface DeliveryEnd {
  location: { gps: string; address: Record<string, string> };
  contact: { phone: string; email?: string };
  person?: { name?: string };
}

/** What an error callback carries (Beckn's Error). */
export interface OndcError {
  type: OndcErrorType;
  code: string;
  message: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of an ISO duration of whole days ('P5D'). */
function daysOf(duration: string): number {
  return Number(/^P(\d+)D$/.exec(duration)?.[1] ?? 0);
}

/** A provider of an order: the seller's id and location, as the catalogue named them. */
export function providerOf(seller: CatalogSeller, locationId?: string): object {
  return { id: ondcProviderId(seller.sellerId), locations: [{ id: locationId ?? ondcLocationId(seller.sellerId) }] };
}

/** The order's items, each on the one delivery fulfilment. */
export function itemsOf(lines: readonly { productId: number; quantity: number }[]): object[] {
  return lines.map((line) => ({
    id: ondcItemId(line.productId),
    fulfillment_id: ONDC_DELIVERY_FULFILLMENT.id,
    quantity: { count: line.quantity },
  }));
}

/** The delivery's terms before an order: on_select's and on_init's fulfilment. */
export function offeredFulfillment(seller: CatalogSeller, serviceable: boolean, end?: DeliveryEnd): object {
  return {
    id: ONDC_DELIVERY_FULFILLMENT.id,
    type: ONDC_DELIVERY_FULFILLMENT.type,
    '@ondc/org/provider_name': seller.name,
    tracking: ONDC_TRACKING,
    '@ondc/org/category': ONDC_DELIVERY_CATEGORY,
    '@ondc/org/TAT': ONDC_DELIVERY_TAT,
    state: { descriptor: { code: serviceable ? 'Serviceable' : 'Non-serviceable' } },
    ...(end ? { end } : {}),
  };
}

/** The quote of priced lines. */
export function quoteOf(lines: readonly QuoteLine[], shippingPaise: number): object {
  return ondcQuote(lines, shippingPaise);
}

/**
 * The bpp_terms tag: Mandi, a marketplace seller node (MSN); the GSTIN its invoices carry as the marketplace's, and as
 * `provider_tax_number` the provider's own PAN (an MSN's provider is another business than the marketplace: the
 * validator refuses the marketplace's PAN there). Mandi's own provider has Mandi's PAN, the one within its GSTIN
 * (characters 3 to 12).
 */
export function bppTerms(gstin: string, providerPan: string | null = null): object[] {
  return [
    {
      code: 'bpp_terms',
      list: [
        { code: 'np_type', value: ONDC_NP_TYPE },
        { code: 'tax_number', value: gstin },
        { code: 'provider_tax_number', value: providerPan ?? gstin.slice(2, 12) },
      ],
    },
  ];
}

/** How an order is paid: prepaid to the buyer app, or cash to Mandi's courier. */
export function paymentKind(type: unknown): (typeof ONDC_PAYMENT)[keyof typeof ONDC_PAYMENT] {
  return type === ONDC_PAYMENT.cashOnDelivery.type ? ONDC_PAYMENT.cashOnDelivery : ONDC_PAYMENT.prepaid;
}

/** on_init's payment: the kind, the buyer app's fee echoed, Mandi's settlement terms and account. */
/** Mandi's settlement account as buyer apps are told it: the ONDC_SETTLEMENT_* settings, in Mandi's legal name. */
export function settlementAccountOf(config: AppConfig): SettlementAccount {
  return { beneficiaryName: config.SELLER_LEGAL_NAME, ...config.ondc!.settlementAccount };
}

export function offeredPayment(
  type: unknown,
  fee: FinderFee,
  beneficiary: SettlementAccount,
  totalPaise: number,
): object {
  const kind = paymentKind(type);
  return {
    type: kind.type,
    collected_by: kind.collectedBy,
    params: { currency: 'INR', amount: ondcRupees(totalPaise) },
    ...ondcPaymentTerms(fee, beneficiary),
  };
}

/** What a placed network order's callbacks describe, besides the order row. */
export interface PlacedOrderView {
  order: NetworkOrderRow;
  seller: CatalogSeller;
  gstin: string;
  beneficiary: SettlementAccount;
  /** Mandi's subscriber id: who cancelled, when Mandi did. */
  bppId: string;
  /** The provider's PAN (bpp_terms' provider_tax_number); null for Mandi's own provider. */
  providerPan: string | null;
  /** The signed link the buyer app fetches the order's invoice at (libs/ondc document-links.ts); null until issued. */
  invoiceUrl: string | null;
  /** The order callbacks Mandi sent before (on_confirm, on_status bodies, oldest first): what the buyer app was told. */
  described: readonly unknown[];
}

/** A fulfilment state the buyer app was told, and the order's updated_at of the callback that first told it. */
export interface Precancel {
  state: OndcFulfillmentState;
  updatedAt: string;
}

/**
 * The fulfilment state a cancelled order was in before, as on_cancel's precancel_state names it: the last step
 * Mandi's callbacks told the buyer app, with the order's updated_at of the callback that first told that step (the
 * validator compares it with on_confirm's, or the step's on_status, updated_at).
 */
export function precancelOf(described: readonly unknown[]): Precancel | null {
  type Described = {
    message?: {
      order?: { updated_at?: string; fulfillments?: { type?: string; state?: { descriptor?: { code?: string } } }[] };
    };
  };
  const told = described.flatMap((body) => {
    const order = (body as Described | null)?.message?.order;
    const state = order?.fulfillments?.find((f) => f.type === ONDC_DELIVERY_FULFILLMENT.type)?.state?.descriptor?.code;
    return order?.updated_at && state && (ONDC_PROGRESS_STEPS as readonly string[]).includes(state)
      ? [{ state: state as OndcFulfillmentState, updatedAt: order.updated_at }]
      : [];
  });
  const last = told.at(-1);
  const precancel = last ? told.find((entry) => entry.state === last.state)! : null;
  return precancel;
}

/** The confirm's order as the buyer app sent it, for what later callbacks echo (billing, end, created_at). */
function confirmedOrder(order: NetworkOrderRow): Record<string, unknown> {
  return ((order.confirm_body as { message?: { order?: Record<string, unknown> } } | null)?.message?.order ??
    {}) as Record<string, unknown>;
}

/** The time range of a delivery leg: from the order to its promise. */
function range(from: Date, days: number): object {
  return { range: { start: from.toISOString(), end: new Date(from.getTime() + days * DAY_MS).toISOString() } };
}

/**
 * The delivery fulfilment of a placed order in `state`: the seller's store (start) and the buyer's address (end),
 * with the hand-over (picked up) and delivery timestamps once they happened, and its `tags`.
 */
function deliveryOf(view: PlacedOrderView, state: OndcFulfillmentState, end: DeliveryEnd, tags: object[]): object {
  const { order, seller } = view;
  const created = order.created_at;
  const pickedUp = order.handed_over_at ?? order.shipped_at;
  return {
    id: ONDC_DELIVERY_FULFILLMENT.id,
    '@ondc/org/provider_name': seller.name,
    state: { descriptor: { code: state } },
    type: ONDC_DELIVERY_FULFILLMENT.type,
    tracking: ONDC_TRACKING,
    '@ondc/org/TAT': ONDC_DELIVERY_TAT,
    start: {
      location: {
        id: ondcLocationId(seller.sellerId),
        descriptor: { name: seller.name },
        gps: storeGps(seller.address.state),
        address: {
          name: seller.name,
          building: seller.address.street,
          locality: seller.address.locality || seller.address.city,
          city: seller.address.city,
          state: seller.address.state,
          country: 'IND',
          area_code: seller.address.pincode,
        },
      },
      time: {
        ...range(created, daysOf(ONDC_TIME_TO_SHIP)),
        ...(pickedUp && ['Order-picked-up', 'Out-for-delivery', 'Order-delivered'].includes(state)
          ? { timestamp: pickedUp.toISOString() }
          : {}),
      },
      contact: { phone: seller.phone, email: seller.email },
    },
    end: {
      ...end,
      person: { name: end.person?.name ?? end.location.address.name ?? '' },
      time: {
        ...range(created, daysOf(ONDC_DELIVERY_TAT)),
        ...(state === 'Order-delivered' && order.delivered_at ? { timestamp: order.delivered_at.toISOString() } : {}),
      },
    },
    tags,
  };
}

/** The routing the validator asks of every status: P2P, the seller's parcel goes straight to the buyer. */
const ROUTING_TAGS = [{ code: 'routing', list: [{ code: 'type', value: 'P2P' }] }];

/** The order's lines as quote lines (a line whose product is gone keeps its copy's price). */
function quoteLines(order: NetworkOrderRow, cancelled: boolean): QuoteLine[] {
  return order.lines.map((line) => ({
    productId: line.productId ?? 0,
    title: line.name,
    unitPaise: line.unitPaise,
    quantity: cancelled ? 0 : line.quantity,
  }));
}

/** The callback an order is described in, and for an unsolicited on_status the step it tells. */
export interface OrderCallback {
  action: OndcCallback;
  /** The fulfilment state of a step already passed (unsolicited on_status of that step). */
  step?: OndcFulfillmentState;
}

/**
 * The order as on_confirm, on_status and on_cancel carry it, in the state Mandi has it now. on_confirm says Created
 * (and the unsolicited on_status Pending that follows, Accepted): RET 1.2.0's validator takes on_status_pending only
 * after an on_confirm that said Created. From Order-picked-up on, the invoice's link (`documents`). A cancelled order
 * is told as on_cancel tells it: the delivery cancelled with the cancel_request and precancel_state, a Cancel
 * fulfilment with each line's and the delivery's refund (quote_trail), each item on both.
 */
export function placedOrder(view: PlacedOrderView, now: Date, callback: OrderCallback): object {
  const { order } = view;
  const { step } = callback;
  const confirmed = confirmedOrder(view.order);
  const progress = { status: order.status, shipment: order.shipment_status };
  const state = step ?? fulfillmentStateOf(progress);
  const cancelled = order.status === 'cancelled';
  const end = ((confirmed.fulfillments as { end?: DeliveryEnd }[] | undefined)?.[0]?.end ?? {
    location: { gps: '', address: {} },
    contact: { phone: '' },
  }) as DeliveryEnd;
  const kind = paymentKind(order.payment_type);
  const fee = { type: order.finder_fee_type as FinderFee['type'], value: order.finder_fee_value };
  const paid = order.payment_status === 'paid';
  const items: { id: string; fulfillment_id: string; quantity: { count: number } }[] = order.lines.map((line) => ({
    id: ondcItemId(line.productId ?? 0),
    fulfillment_id: ONDC_DELIVERY_FULFILLMENT.id,
    quantity: { count: cancelled ? 0 : line.quantity },
  }));
  let fulfillments: object[] = [deliveryOf(view, state, end, ROUTING_TAGS)];
  if (cancelled) {
    const cancelRequest = {
      code: 'cancel_request',
      list: [
        { code: 'reason_id', value: order.cancel_reason_code ?? '' },
        { code: 'initiated_by', value: cancelledBy(view) },
      ],
    };
    const precancel = precancelOf(view.described);
    const precancelState = precancel
      ? [
          {
            code: 'precancel_state',
            list: [
              { code: 'fulfillment_state', value: precancel.state },
              { code: 'updated_at', value: precancel.updatedAt },
            ],
          },
        ]
      : [];
    fulfillments = [
      deliveryOf(view, state, end, [cancelRequest, ...precancelState]),
      {
        id: ONDC_CANCEL_FULFILLMENT_ID,
        type: 'Cancel',
        state: { descriptor: { code: 'Cancelled' } },
        tags: quoteTrail(order),
      },
    ];
    // The lines as they were, on the Cancel fulfilment; on the delivery, none left.
    items.push(
      ...order.lines.map((line) => ({
        id: ondcItemId(line.productId ?? 0),
        fulfillment_id: ONDC_CANCEL_FULFILLMENT_ID,
        quantity: { count: line.quantity },
      })),
    );
  }
  const orderState = step ? ondcOrderStateForStep(step) : ondcOrderStateOf(progress);
  const invoiced =
    view.invoiceUrl !== null && ['Order-picked-up', 'Out-for-delivery', 'Order-delivered'].includes(state);
  const bapTerms = ((confirmed.tags as { code?: string }[] | undefined) ?? []).filter(
    (tag) => tag.code === 'bap_terms',
  );
  return {
    id: order.ondc_order_id,
    state: callback.action === 'on_confirm' && orderState === 'Accepted' ? 'Created' : orderState,
    provider: providerOf(
      view.seller,
      (confirmed.provider as { locations?: { id: string }[] } | undefined)?.locations?.[0]?.id,
    ),
    items,
    billing: confirmed.billing ?? {},
    fulfillments,
    quote: cancelled
      ? { ...ondcQuote(quoteLines(order, true), 0), price: ondcPrice(0) }
      : ondcQuote(quoteLines(order, false), order.shipping_paise),
    // The buyer app's confirm's payment as it sent it (the validator wants on_confirm's equal to it), over Mandi's
    // terms, with the status Mandi's order has now.
    payment: {
      type: kind.type,
      collected_by: kind.collectedBy,
      ...ondcPaymentTerms(fee, view.beneficiary),
      ...((confirmed.payment as object | undefined) ?? {}),
      params: {
        currency: 'INR',
        amount: ondcRupees(order.total_paise),
        ...((confirmed.payment as { params?: object } | undefined)?.params ?? {}),
      },
      status: paid ? 'PAID' : 'NOT-PAID',
    },
    ...(cancelled
      ? { cancellation: { cancelled_by: cancelledBy(view), reason: { id: order.cancel_reason_code ?? '' } } }
      : {}),
    ...(invoiced ? { documents: [{ url: view.invoiceUrl, label: 'Invoice' }] } : {}),
    // on_cancel carries no order tags (its schema has none); on_confirm echoes the buyer app's bap_terms.
    ...(callback.action === 'on_cancel'
      ? {}
      : {
          tags: [...bppTerms(view.gstin, view.providerPan), ...(callback.action === 'on_confirm' ? bapTerms : [])],
        }),
    created_at: (confirmed.created_at as string | undefined) ?? order.created_at.toISOString(),
    updated_at: now.toISOString(),
  };
}

/** The Cancel fulfilment's id (ONDC's examples' C1): the items cancelled are on it. */
const ONDC_CANCEL_FULFILLMENT_ID = 'C1';

/**
 * What the cancellation took off the order, as quote_trail tags: each line's price and the delivery charge, negative
 * (on_cancel's quote plus these is on_confirm's).
 */
function quoteTrail(order: NetworkOrderRow): object[] {
  const trail = (type: 'item' | 'delivery', id: string, paise: number) => ({
    code: 'quote_trail',
    list: [
      { code: 'type', value: type },
      { code: 'id', value: id },
      { code: 'currency', value: 'INR' },
      { code: 'value', value: ondcRupees(-paise) },
    ],
  });
  return [
    ...order.lines.map((line) => trail('item', ondcItemId(line.productId ?? 0), line.unitPaise * line.quantity)),
    ...(order.shipping_paise > 0 ? [trail('delivery', ONDC_DELIVERY_FULFILLMENT.id, order.shipping_paise)] : []),
  ];
}

/** Who cancelled the order: the buyer app's subscriber id, or Mandi's. */
function cancelledBy(view: PlacedOrderView): string {
  return view.order.cancelled_by === ONDC_CANCELLED_BY.buyerApp ? view.order.bap_id : view.bppId;
}

/** The order state an unsolicited on_status of `step` shows (each step's own, as the validator expects per step). */
function ondcOrderStateForStep(step: OndcFulfillmentState): string {
  if (step === 'Pending') return 'Accepted';
  if (step === 'Order-delivered') return 'Completed';
  if (step === 'Cancelled') return 'Cancelled';
  return 'In-progress';
}
