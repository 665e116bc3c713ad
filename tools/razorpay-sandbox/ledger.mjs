// The sandbox's books: orders, payments, refunds and payment links, shaped like Razorpay's entities
// (https://razorpay.com/docs/api/), with the rules of Razorpay's API that our code depends on, and the merchant's
// balance that Route's transfers draw on (route.mjs). Memory only; nothing here does I/O, so the HTTP layer and the
// tests read the same state.
import { randomInt } from 'node:crypto';

/** A Razorpay entity (order, payment, refund, payment link) as JSON. @typedef {Record<string, any>} Entity */

/** The merchant's own account id, as webhooks (`account_id`) and direct transfers (`source`) name it. */
export const MERCHANT_ACCOUNT_ID = 'acc_sandbox';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A Razorpay-style id: the entity's prefix and 14 random alphanumerics (`order_EKwxwAgItmmXdp`).
 * @param {string} prefix
 */
export function newId(prefix) {
  let tail = '';
  for (let i = 0; i < 14; i += 1) tail += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${tail}`;
}

/** Unix time in seconds, as every Razorpay timestamp. */
export function unixNow() {
  return Math.floor(Date.now() / 1000);
}

/**
 * An error the sandbox answers in Razorpay's shape: `{ error: { code, description, source, step, reason, metadata, field? } }`.
 */
export class SandboxError extends Error {
  /**
   * @param {number} status HTTP status
   * @param {string} description
   * @param {{ code?: string, field?: string, source?: string, step?: string, reason?: string, metadata?: object }} [details]
   */
  constructor(status, description, details = {}) {
    super(description);
    this.status = status;
    this.details = details;
  }

  /** The response body. */
  get body() {
    const {
      code = 'BAD_REQUEST_ERROR',
      field,
      source = 'business',
      step = 'payment_initiation',
      reason = 'input_validation_failed',
      metadata = {},
    } = this.details;
    return { error: { code, description: this.message, source, step, reason, metadata, ...(field ? { field } : {}) } };
  }
}

/**
 * A 400 about one input field.
 * @param {string} field
 * @param {string} description
 */
export function invalid(field, description) {
  return new SandboxError(400, description, { field });
}

/** Razorpay answers an unknown id with 400, not 404. */
export function unknownId() {
  return new SandboxError(400, 'The id provided does not exist', { field: 'id' });
}

/**
 * Amount in paise: an integer of at least 100 (INR 1.00). Form-encoded bodies send it as text.
 * @param {unknown} value
 * @returns {number}
 */
export function amountOf(value, field = 'amount') {
  if (value === undefined || value === null || value === '') throw invalid(field, `The ${field} field is required.`);
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw invalid(field, `The ${field} must be an integer.`);
  if (amount < 100) throw invalid(field, `The ${field} must be atleast INR 1.00`);
  return amount;
}

/**
 * Only INR: the marketplace sells in India.
 * @param {unknown} value
 * @returns {string}
 */
export function currencyOf(value) {
  const currency = value ?? 'INR';
  if (currency !== 'INR')
    throw invalid('currency', `The currency ${String(currency)} is not supported by the sandbox; use INR.`);
  return currency;
}

/**
 * An optional text of at most `max` characters.
 * @param {unknown} value
 * @param {string} field
 * @param {number} max
 * @returns {string | null}
 */
export function textOf(value, field, max) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid(field, `The ${field} must be a string.`);
  if (value.length > max) throw invalid(field, `The ${field} may not be greater than ${max} characters.`);
  return value;
}

/**
 * Notes: at most 15 key-value pairs of at most 256 characters. Razorpay shows empty notes as `[]`.
 * @param {unknown} value
 * @returns {Record<string, unknown> | never[]}
 */
export function notesOf(value) {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return [];
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid('notes', 'The notes must be an object of key-value pairs.');
  const entries = Object.entries(value);
  if (entries.length > 15) throw invalid('notes', 'The notes may not have more than 15 items.');
  for (const [, note] of entries) {
    if (!['string', 'number', 'boolean'].includes(typeof note) || String(note).length > 256) {
      throw invalid('notes', 'Each note must be a text of at most 256 characters.');
    }
  }
  return entries.length === 0 ? [] : { ...value };
}

/**
 * Razorpay's fee: 2 % of the amount including 18 % GST (the GST part is `tax`).
 * @param {number} amount
 */
function feeOf(amount) {
  const fee = Math.round(amount * 0.02);
  const tax = Math.round(fee * 0.18);
  return { fee: fee + tax, tax };
}

/**
 * A snapshot of an entity, so later changes do not reach an answer or an event already made.
 * @param {Entity} entity
 * @returns {Entity}
 */
export const copy = (entity) => structuredClone(entity);

/**
 * What a payment attempt or capture changed: the payment, its order and the order's payment link, as snapshots.
 * @typedef {{ payment: Entity, order?: Entity, paymentLink?: Entity }} Snapshots
 */

/**
 * The sandbox's state and the rules that change it. Methods that answer the REST API return snapshots; `pay*`
 * and `capture` return the snapshots the webhook events carry.
 */
export class Ledger {
  /** @type {Map<string, Entity>} order id -> order entity */
  orders = new Map();
  /** @type {Map<string, Entity>} payment id -> payment entity */
  payments = new Map();
  /** @type {Map<string, Entity>} refund id -> refund entity */
  refunds = new Map();
  /** @type {Map<string, Entity>} payment link id -> payment link entity */
  paymentLinks = new Map();
  /** @type {Map<string, string>} order id -> the payment link it was made for */
  #linkOfOrder = new Map();

  /**
   * @param {{ autoCapture?: boolean, shortUrl: (linkId: string) => string, balance?: number }} options autoCapture:
   *   payments are captured at once (Razorpay's automatic capture setting), otherwise they stay authorized until
   *   captured; balance: the merchant's balance at start, in paise.
   */
  constructor({ autoCapture = true, shortUrl, balance = 0 }) {
    this.autoCapture = autoCapture;
    this.shortUrl = shortUrl;
    /**
     * The merchant's balance in paise, what Route's transfers draw on: a captured payment adds its amount less
     * Razorpay's fee, a refund takes its amount (never refused for it: the sandbox lets it go below zero), transfers
     * take their amount and fees, reversals give back (route.mjs).
     */
    this.balance = balance;
  }

  /**
   * POST /v1/orders.
   * @param {Record<string, any>} body
   */
  createOrder(body) {
    const amount = amountOf(body.amount);
    const order = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: currencyOf(body.currency),
      receipt: textOf(body.receipt, 'receipt', 40),
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: notesOf(body.notes),
      created_at: unixNow(),
    };
    this.orders.set(order.id, order);
    return copy(order);
  }

  /**
   * GET /v1/orders/:id.
   * @param {string} id
   */
  order(id) {
    return copy(this.#order(id));
  }

  /**
   * GET /v1/orders/:id/payments: a collection, oldest first.
   * @param {string} id
   */
  paymentsOfOrder(id) {
    this.#order(id);
    const items = [...this.payments.values()].filter((payment) => payment.order_id === id).map(copy);
    return { entity: 'collection', count: items.length, items };
  }

  /**
   * GET /v1/payments/:id.
   * @param {string} id
   */
  payment(id) {
    return copy(this.#payment(id));
  }

  /**
   * A buyer's attempt to pay an order (Checkout, the hosted page or the control API). `failure` makes a failed
   * payment and leaves the order open for another attempt; success makes a captured payment (or an authorized one
   * without automatic capture). Returns snapshots of the payment and order, and of the payment link when the order
   * is one's.
   * @param {string} orderId
   * @param {{ outcome: 'success' | 'failure', email?: string, contact?: string, notes?: object, description?: string }} attempt
   * @returns {Snapshots}
   */
  attempt(orderId, { outcome, email, contact, notes, description }) {
    const order = this.#order(orderId);
    if (order.status === 'paid') {
      throw new SandboxError(400, 'Order has already been paid', {
        field: 'order_id',
        metadata: { order_id: order.id },
      });
    }
    const link = this.#linkOf(order);
    /** @type {Entity} */
    const payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: description ?? link?.description ?? null,
      card_id: null,
      bank: null,
      wallet: null,
      // Razorpay's own test VPAs: paying with success@razorpay succeeds, failure@razorpay fails.
      vpa: outcome === 'failure' ? 'failure@razorpay' : 'success@razorpay',
      email: email || link?.customer?.email || 'void@razorpay.com',
      contact: contact || link?.customer?.contact || '+919000090000',
      notes: notesOf(notes ?? (link ? link.notes : order.notes)),
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: { rrn: null, upi_transaction_id: null },
      created_at: unixNow(),
    };
    order.attempts += 1;
    if (order.status === 'created') order.status = 'attempted';
    this.payments.set(payment.id, payment);
    if (outcome === 'failure') {
      Object.assign(payment, {
        status: 'failed',
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment failed',
        error_source: 'customer',
        error_step: 'payment_authentication',
        error_reason: 'payment_failed',
      });
    } else {
      payment.status = 'authorized';
      payment.acquirer_data = { rrn: String(randomInt(1e11, 1e12)), upi_transaction_id: newId('upi').slice(4) };
      // Payment links are always captured at once (Razorpay requires automatic capture for them).
      if (this.autoCapture || link) this.#capture(payment, order);
    }
    return this.#snapshots(payment);
  }

  /**
   * POST /v1/payments/:id/capture: an authorized payment, for its whole amount.
   * @param {string} paymentId
   * @param {Record<string, any>} body
   * @returns {Snapshots}
   */
  capture(paymentId, body) {
    const payment = this.#payment(paymentId);
    if (payment.status === 'captured' || payment.status === 'refunded') {
      throw new SandboxError(400, 'This payment has already been captured');
    }
    if (payment.status !== 'authorized') {
      throw new SandboxError(400, 'Only payments which have been authorized and not yet captured can be captured');
    }
    const amount = amountOf(body.amount);
    if (amount !== payment.amount) throw invalid('amount', 'Capture amount must be equal to the amount authorized');
    if (body.currency !== undefined && body.currency !== payment.currency) {
      throw invalid('currency', 'Currency should be same as that of the payment');
    }
    const order = payment.order_id ? this.#order(payment.order_id) : null;
    this.#capture(payment, order);
    return this.#snapshots(payment);
  }

  /**
   * POST /v1/payments/:id/refund: the rest of the captured amount unless `amount` says less; processed at once.
   * Returns snapshots of the refund and of the payment after it.
   * @param {string} paymentId
   * @param {Record<string, any>} body
   */
  refund(paymentId, body) {
    const payment = this.#payment(paymentId);
    if (payment.status === 'refunded') throw new SandboxError(400, 'The payment has been fully refunded already');
    if (payment.status !== 'captured') throw new SandboxError(400, 'Only captured payments can be refunded');
    const refundable = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined || body.amount === null ? refundable : amountOf(body.amount);
    if (amount > refundable) {
      throw invalid('amount', 'The refund amount provided is greater than amount captured');
    }
    const speed = body.speed ?? 'normal';
    if (speed !== 'normal' && speed !== 'optimum') throw invalid('speed', 'The selected speed is invalid.');
    const refund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notesOf(body.notes),
      receipt: textOf(body.receipt, 'receipt', 40),
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'processed',
      speed_processed: speed === 'optimum' ? 'instant' : 'normal',
      speed_requested: speed,
    };
    this.refunds.set(refund.id, refund);
    this.balance -= amount;
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    return { refund: copy(refund), payment: copy(payment) };
  }

  /**
   * GET /v1/refunds/:id, or GET /v1/payments/:paymentId/refunds/:id when `paymentId` is given.
   * @param {string} id
   * @param {string} [paymentId]
   */
  refundById(id, paymentId) {
    const refund = this.refunds.get(id);
    if (!refund || (paymentId && refund.payment_id !== paymentId)) throw unknownId();
    return copy(refund);
  }

  /**
   * GET /v1/payments/:id/refunds: a collection, newest first as Razorpay lists.
   * @param {string} paymentId
   */
  refundsOfPayment(paymentId) {
    this.#payment(paymentId);
    const items = [...this.refunds.values()]
      .filter((refund) => refund.payment_id === paymentId)
      .reverse()
      .map(copy);
    return { entity: 'collection', count: items.length, items };
  }

  /**
   * POST /v1/payment_links: a Standard Payment Link, paid in full on the sandbox's hosted page.
   * @param {Record<string, any>} body
   */
  createPaymentLink(body) {
    if (body.accept_partial === true || body.accept_partial === 'true' || body.accept_partial === '1') {
      throw invalid('accept_partial', 'Partial payments are not supported by the sandbox.');
    }
    const referenceId = textOf(body.reference_id, 'reference_id', 40);
    if (referenceId && [...this.paymentLinks.values()].some((link) => link.reference_id === referenceId)) {
      throw invalid('reference_id', `Payment Link with reference id ${referenceId} already exists`);
    }
    const callbackUrl = textOf(body.callback_url, 'callback_url', 2048);
    if (callbackUrl !== null && !URL.canParse(callbackUrl))
      throw invalid('callback_url', 'The callback url format is invalid.');
    const callbackMethod = body.callback_method ?? (callbackUrl ? 'get' : null);
    if (callbackMethod !== null && callbackMethod !== 'get')
      throw invalid('callback_method', 'The callback method must be get.');
    const now = unixNow();
    const id = newId('plink');
    /** @type {Entity} */
    const link = {
      accept_partial: false,
      amount: amountOf(body.amount),
      amount_paid: 0,
      callback_method: callbackMethod ?? '',
      callback_url: callbackUrl ?? '',
      cancelled_at: 0,
      created_at: now,
      currency: currencyOf(body.currency),
      customer: body.customer && typeof body.customer === 'object' ? { ...body.customer } : [],
      description: textOf(body.description, 'description', 2048) ?? '',
      expire_by: Number(body.expire_by) || 0,
      expired_at: 0,
      first_min_partial_amount: 0,
      id,
      notes: Object.keys(notesOf(body.notes)).length > 0 ? notesOf(body.notes) : null,
      notify: { sms: Boolean(body.notify?.sms), email: Boolean(body.notify?.email) },
      payments: null,
      reference_id: referenceId ?? '',
      reminder_enable: Boolean(body.reminder_enable),
      reminders: [],
      short_url: this.shortUrl(id),
      status: 'created',
      updated_at: now,
      upi_link: false,
      user_id: '',
      whatsapp_link: false,
    };
    this.paymentLinks.set(id, link);
    return copy(link);
  }

  /**
   * GET /v1/payment_links/:id.
   * @param {string} id
   */
  paymentLink(id) {
    return copy(this.#paymentLink(id));
  }

  /**
   * A buyer's attempt on the hosted page. Like Razorpay, the link gets its own order at the first attempt, and its
   * payments carry that order's id.
   * @param {string} linkId
   * @param {{ outcome: 'success' | 'failure' }} attempt
   * @returns {Snapshots}
   */
  attemptLink(linkId, attempt) {
    const link = this.#paymentLink(linkId);
    if (link.status !== 'created') {
      throw new SandboxError(400, `This payment link is ${link.status}`, {
        field: 'id',
        metadata: { payment_link_id: link.id },
      });
    }
    if (!link.order_id) {
      const order = this.createOrder({
        amount: link.amount,
        currency: link.currency,
        receipt: link.reference_id || null,
        notes: link.notes,
      });
      link.order_id = order.id;
      this.#linkOfOrder.set(order.id, link.id);
    }
    return this.attempt(link.order_id, attempt);
  }

  /**
   * The payment link an order was made for, if any.
   * @param {Entity} order
   */
  #linkOf(order) {
    const linkId = this.#linkOfOrder.get(order.id);
    return linkId ? this.paymentLinks.get(linkId) : undefined;
  }

  /**
   * Captures an authorized payment: the order is paid, and so is its payment link.
   * @param {Entity} payment
   * @param {Entity | null} order
   */
  #capture(payment, order) {
    Object.assign(payment, { status: 'captured', captured: true, ...feeOf(payment.amount) });
    this.balance += payment.amount - payment.fee;
    if (!order) return;
    Object.assign(order, { status: 'paid', amount_paid: payment.amount, amount_due: 0 });
    const link = this.#linkOf(order);
    if (link) {
      const now = unixNow();
      link.payments = [
        ...(link.payments ?? []),
        {
          amount: payment.amount,
          created_at: payment.created_at,
          method: payment.method,
          payment_id: payment.id,
          plink_id: link.id,
          status: 'captured',
          updated_at: now,
        },
      ];
      Object.assign(link, { status: 'paid', amount_paid: payment.amount, updated_at: now });
    }
  }

  /**
   * Snapshots of a payment, its order and its order's payment link.
   * @param {Entity} payment
   * @returns {Snapshots}
   */
  #snapshots(payment) {
    const order = payment.order_id ? this.orders.get(payment.order_id) : undefined;
    const link = order ? this.#linkOf(order) : undefined;
    return {
      payment: copy(payment),
      order: order ? copy(order) : undefined,
      paymentLink: link ? copy(link) : undefined,
    };
  }

  /** @param {string} id */
  #order(id) {
    const order = this.orders.get(id);
    if (!order) throw unknownId();
    return order;
  }

  /** @param {string} id */
  #payment(id) {
    const payment = this.payments.get(id);
    if (!payment) throw unknownId();
    return payment;
  }

  /** @param {string} id */
  #paymentLink(id) {
    const link = this.paymentLinks.get(id);
    if (!link) throw unknownId();
    return link;
  }
}
