import type { AdminOrderTimelineEntry } from '@mandi/contracts';
import {
  AUDIT_ACTION_STEPS,
  ORDER_MAIL_LABELS,
  ORDER_TIMELINE_KINDS,
  ORDER_TIMELINE_KIND_NAMES,
  adminActor,
  auditActionLabel,
  isAuditAction,
  isDeadlineCancellation,
  orderMailSentAt,
  paiseToRupees,
  type OrderTimelineActor,
  type OrderTimelineKind,
} from '@mandi/domain';
import type { AdminOrderDetailRow } from './admin-order-detail.repository.js';

/** An entry being built: `key` names the fact (an event type and the row it is about), so two sources of it merge. */
interface Draft {
  key: string;
  at: Date;
  kind: OrderTimelineKind;
  actor: OrderTimelineActor;
  details: Record<string, unknown>;
  label?: string;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The order's timeline, oldest first. Each fact is keyed by the event that announces it ('order.confirmed',
 * 'refund.processed:12'): the order's, payments', refunds' and documents' own columns give every fact that still
 * matters after the retention sweep has removed the outbox rows, an outbox row of the same fact only adds its id,
 * and outbox rows of facts no column keeps (a PDF rendered) add entries while they last. The audit trail's row of a
 * move names the admin who made it; the mail jobs' marks say which mails went.
 */
export function orderTimeline(order: AdminOrderDetailRow): AdminOrderTimelineEntry[] {
  const drafts = new Map<string, Draft>();
  const add = (draft: Draft) => {
    if (!drafts.has(draft.key)) drafts.set(draft.key, draft);
  };
  const online = order.payment_method === 'online';

  // The order's own columns: its steps, each at most once.
  add({
    key: 'order.placed',
    at: order.created_at,
    kind: 'placed',
    actor: 'buyer',
    details: { total: paiseToRupees(order.total_paise) },
  });
  if (order.confirmed_at) {
    // An online payment confirms its order in the statement that marks it paid (confirm_payment).
    const byPayment = online && order.paid_at !== null && order.paid_at.getTime() <= order.confirmed_at.getTime();
    add({
      key: 'order.confirmed',
      at: order.confirmed_at,
      kind: 'confirmed',
      actor: byPayment ? 'system' : 'admin',
      details: byPayment ? { by: 'payment' } : {},
    });
  }
  if (order.paid_at) {
    add({
      key: 'order.paid',
      at: order.paid_at,
      kind: 'paid',
      actor: online ? 'buyer' : 'admin',
      details: { method: order.payment_method },
    });
  }
  if (order.cancel_requested_at) {
    add({
      key: 'order.cancel_requested',
      at: order.cancel_requested_at,
      kind: 'cancel_requested',
      actor: 'buyer',
      details: {},
    });
  }
  if (order.shipped_at)
    add({ key: 'order.shipped', at: order.shipped_at, kind: 'shipped', actor: 'admin', details: {} });
  if (order.delivered_at)
    add({ key: 'order.delivered', at: order.delivered_at, kind: 'delivered', actor: 'admin', details: {} });
  if (order.cancelled_at) {
    const deadline = isDeadlineCancellation(order.cancel_reason, order.cancelled_at, order.window_closes_at);
    add({
      key: 'order.cancelled',
      at: order.cancelled_at,
      kind: deadline ? 'cancelled_at_deadline' : 'cancelled',
      actor: deadline ? 'system' : 'admin',
      details: { reason: order.cancel_reason },
    });
  }

  // Money: online payment attempts (a cash payment is the order's 'paid' step) and refunds.
  for (const payment of order.payments) {
    if (payment.provider !== 'razorpay') continue;
    const ids = { payment_id: String(payment.id), amount: paiseToRupees(payment.amount_paise) };
    add({
      key: `payment.created:${payment.id}`,
      at: toDate(payment.created_at),
      kind: 'payment_created',
      actor: 'buyer',
      details: { ...ids, provider_order_id: payment.provider_order_id },
    });
    if (payment.captured_at) {
      add({
        key: `payment.captured:${payment.id}`,
        at: toDate(payment.captured_at),
        kind: 'payment_captured',
        actor: 'buyer',
        details: { ...ids, method: payment.method, provider_payment_id: payment.provider_payment_id },
      });
    } else if (payment.status === 'failed') {
      const error = [payment.error_code, payment.error_description].filter(Boolean).join(': ') || null;
      add({
        key: `payment.failed:${payment.id}`,
        at: toDate(payment.updated_at),
        kind: 'payment_failed',
        actor: 'buyer',
        details: { ...ids, error },
      });
    }
  }
  for (const refund of order.refunds) {
    const ids = { refund_id: String(refund.id), amount: paiseToRupees(refund.amount_paise) };
    add({
      key: `refund.requested:${refund.id}`,
      at: toDate(refund.created_at),
      kind: 'refund_requested',
      actor: 'system',
      details: ids,
    });
    if (refund.processed_at) {
      add({
        key: `refund.processed:${refund.id}`,
        at: toDate(refund.processed_at),
        kind: 'refund_processed',
        actor: 'system',
        details: { ...ids, provider_refund_id: refund.provider_refund_id, attempts: refund.attempts },
      });
    } else if (refund.status === 'failed' || refund.last_error) {
      add({
        key: `refund.failing:${refund.id}`,
        at: toDate(refund.updated_at),
        kind: 'refund_failed',
        actor: 'system',
        details: { ...ids, attempts: refund.attempts, last_error: refund.last_error },
      });
    }
  }

  // Documents.
  for (const document of order.documents) {
    const credit = document.kind === 'credit_note';
    add({
      key: credit ? `credit_note.issued:${document.id}` : `invoice.issued:${document.id}`,
      at: toDate(document.issued_at),
      kind: credit ? 'credit_note_issued' : 'invoice_issued',
      actor: 'system',
      details: {
        number: document.number,
        total: paiseToRupees(document.total_paise),
        ...(credit ? { reason: document.reason } : { kind: document.kind }),
      },
    });
  }

  // The outbox rows still kept: the same facts (their ids added), and the PDFs' rendering, which no column dates.
  for (const event of order.events) {
    const key = eventKey(event.type, event.payload);
    const known = drafts.get(key);
    if (known) {
      known.details.event_id = event.id;
      continue;
    }
    const kind = EVENT_KINDS[event.type];
    if (!kind) continue;
    add({
      key,
      at: toDate(event.at),
      kind,
      actor: 'system',
      details: { event_id: event.id, ...stringIds(event.payload) },
    });
  }

  // The audit trail: the admin who made each move; an action that is no step of the order stands on its own.
  for (const row of order.audit) {
    const step = isAuditAction(row.action) ? AUDIT_ACTION_STEPS[row.action] : undefined;
    const draft = step
      ? [...drafts.values()].find(
          (d) => d.kind === step || (step === 'cancelled' && d.kind === 'cancelled_at_deadline'),
        )
      : undefined;
    const audit = { audit_id: row.id, action: row.action, before: row.before, after: row.after };
    if (draft && !draft.details.audit_id) {
      draft.actor = adminActor(row.admin_username);
      if (draft.kind === 'cancelled_at_deadline') draft.kind = 'cancelled';
      Object.assign(draft.details, audit);
    } else {
      add({
        key: `audit:${row.id}`,
        at: toDate(row.at),
        kind: 'admin_action',
        actor: adminActor(row.admin_username),
        details: audit,
        label: auditActionLabel(row.action),
      });
    }
  }

  // The mails: a mail job recorded as handled at the event it sends at.
  const times = { paymentMethod: order.payment_method, paidAt: order.paid_at, cancelledAt: order.cancelled_at };
  for (const mail of order.mails) {
    const known = ORDER_MAIL_LABELS[mail.job];
    if (!known || !orderMailSentAt(mail.job, mail.event_type, times)) continue;
    add({
      key: `mail:${mail.job}:${mail.event_id}`,
      at: toDate(mail.at),
      kind: 'mail_sent',
      actor: 'system',
      label: known.label,
      details: { job: mail.job, to: known.to, event_id: mail.event_id, event_type: mail.event_type },
    });
  }

  const rank = (kind: OrderTimelineKind) => ORDER_TIMELINE_KIND_NAMES.indexOf(kind);
  return [...drafts.values()]
    .map((draft, index) => ({ draft, index }))
    .sort(
      (a, b) =>
        a.draft.at.getTime() - b.draft.at.getTime() || rank(a.draft.kind) - rank(b.draft.kind) || a.index - b.index,
    )
    .map(({ draft }) => ({
      at: draft.at.toISOString(),
      kind: draft.kind,
      label: draft.label ?? ORDER_TIMELINE_KINDS[draft.kind],
      actor: draft.actor,
      details: draft.details,
    }));
}

/** The timeline kind of each outbox event type that no column dates, or whose row may outlive its column's meaning. */
const EVENT_KINDS: Readonly<Record<string, OrderTimelineKind>> = {
  'invoice.rendered': 'invoice_rendered',
  'credit_note.rendered': 'credit_note_rendered',
  'payment.failed': 'payment_failed',
};

/** The key of the fact an outbox event announces: its type, and for events about a payment, refund or document, that row. */
function eventKey(type: string, payload: Record<string, number>): string {
  if (type.startsWith('order.')) return type;
  const ref = payload.creditNoteId ?? payload.invoiceId ?? payload.refundId ?? payload.paymentId;
  if (type.startsWith('credit_note.')) return `${type}:${payload.creditNoteId}`;
  if (type.startsWith('invoice.')) return `${type}:${payload.invoiceId}`;
  if (type.startsWith('refund.')) return `${type}:${payload.refundId}`;
  return `${type}:${ref}`;
}

/** A payload's ids as text, as the API hands ids on. */
function stringIds(payload: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([field, id]) => [field, String(id)]));
}
