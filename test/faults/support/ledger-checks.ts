import { ORDER_WINDOW_MS } from '@mandi/domain';
import { eventRoutes, jobsForEvent, jobsWithOrderWindow } from '@mandi/events';
import type { FaultStack } from './fault-stack.js';

// What must hold in a stack's database once the faults are over and the pipeline has caught up, whatever was broken
// on the way. Each check answers the offending rows (empty when it holds), so a failing expectation shows them.

/** Orders missing their lines, their one payment row or their one order.placed event, and lines or payments without an order. */
export async function halfWrittenOrders(stack: FaultStack): Promise<unknown[]> {
  return stack.db.$queryRaw<unknown[]>`
    SELECT 'order' AS what, o.id,
           (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS lines,
           (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS payments,
           (SELECT count(*)::int FROM outbox_events e WHERE e.type = 'order.placed' AND e.aggregate_id = o.id::text) AS placed_events
      FROM orders o
     WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
        OR (SELECT count(*) FROM payments p WHERE p.order_id = o.id) <> 1
        OR (SELECT count(*) FROM outbox_events e WHERE e.type = 'order.placed' AND e.aggregate_id = o.id::text) <> 1
    UNION ALL
    SELECT 'line without order', i.id, NULL, NULL, NULL FROM order_items i LEFT JOIN orders o ON o.id = i.order_id WHERE o.id IS NULL
    UNION ALL
    SELECT 'payment without order', p.id, NULL, NULL, NULL FROM payments p LEFT JOIN orders o ON o.id = p.order_id WHERE o.id IS NULL
    UNION ALL
    SELECT 'order.placed without order', e.id, NULL, NULL, NULL FROM outbox_events e LEFT JOIN orders o ON o.id::text = e.aggregate_id
     WHERE e.type = 'order.placed' AND o.id IS NULL`;
}

/** Outbox events still unpublished. */
export async function unpublishedEvents(stack: FaultStack): Promise<number> {
  return stack.db.outboxEvent.count({ where: { publishedAt: null } });
}

/**
 * Every (event, job) the routes call for, due by now, whose handler has not recorded it in processed_events. (A second
 * run is impossible to record, processed_events' key is (event, handler); what a second run would do is checked on
 * its effects.) A delayed job (the order deadline) counts once it is due by the database clock, with the window the
 * stack's worker runs with. Empty once every job of every event has run.
 */
export async function unprocessedJobs(stack: FaultStack): Promise<{ eventId: bigint; type: string; job: string }[]> {
  const registry = jobsWithOrderWindow(Number(stack.worker.env.ORDER_DECISION_WINDOW_MS || ORDER_WINDOW_MS)) as Record<
    string,
    { delayMs?: number }
  >;
  const [events, processed, [{ now }]] = await Promise.all([
    stack.db.outboxEvent.findMany({ select: { id: true, type: true, createdAt: true } }),
    stack.db.processedEvent.findMany({ select: { eventId: true, handler: true } }),
    stack.db.$queryRaw<{ now: Date }[]>`SELECT now()`,
  ]);
  const done = new Set(processed.map((row) => `${row.eventId}:${row.handler}`));
  return events.flatMap(({ id, type, createdAt }) =>
    jobsForEvent(eventRoutes, type)
      .filter(
        (job) => createdAt.getTime() + (registry[job]?.delayMs ?? 0) <= now.getTime() && !done.has(`${id}:${job}`),
      )
      .map((job) => ({ eventId: id, type, job })),
  );
}

/**
 * Jobs that used up their attempts: failed_jobs rows, and dead rows of pending_jobs where the pipeline keeps them
 * (docs/events.md, "Delivery guarantee").
 */
export async function deadJobs(stack: FaultStack): Promise<unknown[]> {
  const failed = await stack.db.$queryRaw<
    unknown[]
  >`SELECT 'failed_jobs' AS source, name, job_id, error FROM failed_jobs`;
  const [{ exists }] = await stack.db.$queryRaw<
    { exists: boolean }[]
  >`SELECT to_regclass('pending_jobs') IS NOT NULL AS exists`;
  if (!exists) return failed;
  const dead = await stack.db.$queryRawUnsafe<unknown[]>(
    `SELECT 'pending_jobs' AS source, job AS name, event_id::text AS job_id, error FROM pending_jobs WHERE dead_at IS NOT NULL`,
  );
  return [...failed, ...dead];
}

/**
 * The documents and refunds each order must have, checked against what happened to it: one invoice (with its PDF) per
 * supplier of a paid order (each line on exactly one) and none otherwise; one credit note (with its PDF) per invoice of
 * a cancelled order and none otherwise;
 * numbers without gaps; one processed refund per captured online payment of a cancelled order, and exactly one refund
 * at the sandbox for it; one order.cancelled event per cancelled order and none for the others.
 */
export async function wrongEffects(stack: FaultStack): Promise<unknown[]> {
  const orders = await stack.db.$queryRaw<unknown[]>`
    SELECT o.id, o.status::text AS status, o.payment_status::text AS payment_status,
           (SELECT count(*)::int FROM invoices i WHERE i.order_id = o.id) AS invoices,
           (SELECT count(*)::int FROM invoices i CROSS JOIN unnest(i.order_item_ids) WHERE i.order_id = o.id) AS invoiced_lines,
           (SELECT count(*)::int FROM order_items oi WHERE oi.order_id = o.id) AS lines,
           (SELECT count(*)::int FROM invoices i WHERE i.order_id = o.id AND i.pdf_file_key IS NULL) AS invoices_unprinted,
           (SELECT count(*)::int FROM credit_notes c WHERE c.order_id = o.id) AS credit_notes,
           (SELECT count(*)::int FROM credit_notes c WHERE c.order_id = o.id AND c.pdf_file_key IS NULL) AS credit_notes_unprinted,
           (SELECT count(*)::int FROM outbox_events e WHERE e.type = 'order.cancelled' AND e.aggregate_id = o.id::text) AS cancelled_events,
           (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.provider = 'razorpay' AND p.status IN ('captured', 'refunded')) AS paid_online,
           (SELECT count(*)::int FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id AND r.status = 'processed') AS refunds_processed,
           (SELECT count(*)::int FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id) AS refunds
      FROM orders o`;
  const wrong: unknown[] = orders.filter((row: any) => {
    const cancelled = row.status === 'cancelled';
    const paid = row.payment_status === 'paid';
    const owedRefunds = cancelled ? row.paid_online : 0;
    return (
      (paid ? row.invoices < 1 || row.invoiced_lines !== row.lines : row.invoices !== 0) ||
      row.invoices_unprinted !== 0 ||
      row.credit_notes !== (cancelled ? row.invoices : 0) ||
      row.credit_notes_unprinted !== 0 ||
      row.cancelled_events !== (cancelled ? 1 : 0) ||
      row.refunds !== owedRefunds ||
      row.refunds_processed !== owedRefunds
    );
  });

  // Gap-free numbering: each series' counter equals the documents it numbered.
  const series = await stack.db.$queryRaw<unknown[]>`
    SELECT s.kind::text AS kind, s.supplier_key, s.financial_year, s.last_value,
           CASE s.kind::text
             WHEN 'invoice' THEN (SELECT count(*)::int FROM invoices i
                                   WHERE i.supplier_key = s.supplier_key AND i.financial_year = s.financial_year)
             ELSE (SELECT count(*)::int FROM credit_notes c
                    WHERE c.supplier_key = s.supplier_key AND c.financial_year = s.financial_year) END AS documents
      FROM document_sequences s`;
  wrong.push(...series.filter((row: any) => row.last_value !== row.documents).map((row) => ({ gap: row })));

  // Razorpay's side: exactly one refund per payment we refunded, none for the others.
  const refunded = await stack.db.$queryRaw<{ provider_payment_id: string; provider_refund_id: string | null }[]>`
    SELECT p.provider_payment_id, r.provider_refund_id FROM refunds r JOIN payments p ON p.id = r.payment_id`;
  const atSandbox = new Map<string, string[]>();
  for (const refund of stack.sandbox.state.refunds.values() as Iterable<{ id: string; payment_id: string }>) {
    atSandbox.set(refund.payment_id, [...(atSandbox.get(refund.payment_id) ?? []), refund.id]);
  }
  for (const { provider_payment_id: paymentId, provider_refund_id: refundId } of refunded) {
    const ids = atSandbox.get(paymentId) ?? [];
    if (ids.length !== 1 || ids[0] !== refundId) wrong.push({ payment: paymentId, ours: refundId, atRazorpay: ids });
    atSandbox.delete(paymentId);
  }
  for (const [paymentId, ids] of atSandbox) wrong.push({ payment: paymentId, ours: null, atRazorpay: ids });
  return wrong;
}
