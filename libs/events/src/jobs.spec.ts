import { AUTH_TIMINGS, ORDER_WINDOW_MS } from '@mandi/domain';
import { z } from 'zod';
import { domainEvents } from './events.js';
import {
  currentJobName,
  defineJobs,
  defineRoutes,
  eventRoutes,
  jobs,
  jobsForEvent,
  jobNamePattern,
  jobsWithOrderWindow,
  ONDC_CALLBACK_RETRY,
  queueNames,
  type JobDefinitions,
} from './jobs.js';

describe('the job registry', () => {
  const sample = defineJobs({
    'invoice.render': { queue: 'documents', payload: domainEvents['invoice.issued'].payload },
    'mail.order_placed': { queue: 'mail', payload: z.object({ orderId: z.number() }) },
  });

  it('refuses job names that cannot be part of a BullMQ job id', () => {
    expect(() => defineJobs({ 'invoice:render': { queue: 'documents', payload: z.object({}) } })).toThrow(
      "Job name 'invoice:render' must be dotted snake_case words, e.g. 'credit_note.render'",
    );
    expect(() => defineJobs({ render: { queue: 'documents', payload: z.object({}) } })).toThrow(
      "Job name 'render' must be dotted snake_case words",
    );
    expect(() => defineJobs({ 'Invoice.Render': { queue: 'documents', payload: z.object({}) } })).toThrow();
  });

  it('spells every job and event name one way: dotted snake_case words', () => {
    expect(() => defineJobs({ 'mail.order-placed': { queue: 'mail', payload: z.object({}) } })).toThrow(
      "Job name 'mail.order-placed' must be dotted snake_case words",
    );
    const names = [...Object.keys(jobs), ...Object.keys(domainEvents)];
    expect(names.filter((name) => !jobNamePattern.test(name))).toEqual([]);
  });

  it('runs a job queued under its kebab-case name from before the rename under its snake_case one', () => {
    expect(currentJobName('mail.seller-order-cancelled')).toBe('mail.seller_order_cancelled');
    expect(currentJobName('credit-note.issue')).toBe('credit_note.issue');
    expect(currentJobName('invoice.render')).toBe('invoice.render');
    for (const name of Object.keys(jobs)) expect(currentJobName(name)).toBe(name);
  });

  it('accepts retries of whole, positive runs and milliseconds, and refuses any other', () => {
    const payload = z.object({});
    const retry = { attempts: 9, backoffDelayMs: 300 };
    expect(defineJobs({ 'ondc.respond': { queue: 'ondc', payload, retry } })['ondc.respond'].retry).toEqual(retry);
    for (const bad of [
      { attempts: 0, backoffDelayMs: 300 },
      { attempts: 3, backoffDelayMs: 1.5 },
    ]) {
      expect(() => defineJobs({ 'ondc.respond': { queue: 'ondc', payload, retry: bad } })).toThrow(
        `Job 'ondc.respond' has retry ${JSON.stringify(bad)}; attempts and backoffDelayMs must be whole and above 0`,
      );
    }
  });

  it('accepts a delay of whole milliseconds and refuses any other', () => {
    const payload = z.object({});
    expect(defineJobs({ 'order.settle': { queue: 'deadlines', payload, delayMs: 8 * 3_600_000 } })).toEqual({
      'order.settle': { queue: 'deadlines', payload, delayMs: 28_800_000 },
    });
    for (const delayMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => defineJobs({ 'order.settle': { queue: 'deadlines', payload, delayMs } })).toThrow(
        `Job 'order.settle' has delayMs ${delayMs}; it must be a whole number of milliseconds above 0`,
      );
    }
  });

  it('routes an event to the jobs listed for it, and an unlisted event nowhere', () => {
    const routes = defineRoutes(sample, {
      'order.placed': ['mail.order_placed'],
      'invoice.issued': ['invoice.render', 'mail.order_placed'],
    });
    expect(jobsForEvent(routes, 'order.placed')).toEqual(['mail.order_placed']);
    expect(jobsForEvent(routes, 'invoice.issued')).toEqual(['invoice.render', 'mail.order_placed']);
    expect(jobsForEvent(routes, 'order.shipped')).toEqual([]);
  });

  it('refuses a route to an unknown job or to one job twice', () => {
    const unknown = { 'order.placed': ['mail.order_shipped'] } as unknown as Parameters<
      typeof defineRoutes<typeof sample>
    >[1];
    expect(() => defineRoutes(sample, unknown)).toThrow(
      "Event 'order.placed' routes to unknown job 'mail.order_shipped'",
    );
    expect(() => defineRoutes(sample, { 'order.placed': ['mail.order_placed', 'mail.order_placed'] })).toThrow(
      "Event 'order.placed' lists a job twice",
    );
  });

  it("keeps the product's jobs on known queues and routes only to them", () => {
    expect(queueNames).toEqual(['orders', 'payments', 'documents', 'mail', 'media', 'deadlines', 'accounts', 'ondc']);
    for (const definition of Object.values(jobs as JobDefinitions)) {
      expect(queueNames).toContain(definition.queue);
    }
    for (const names of Object.values(eventRoutes)) {
      for (const name of names ?? []) expect(Object.keys(jobs)).toContain(name);
    }
  });

  it('sends the verification mail at once and expires an unfinished sign-up 30 s after its 90 s window', () => {
    expect(jobsForEvent(eventRoutes, 'signup.verification_requested')).toEqual(['mail.verification', 'signup.expire']);
    expect(jobs['mail.verification']).toMatchObject({ queue: 'mail' });
    expect(jobs['mail.verification']).not.toHaveProperty('delayMs');
    expect(jobs['signup.expire']).toMatchObject({
      queue: 'deadlines',
      delayMs: AUTH_TIMINGS.verificationWindowMs + 30_000,
    });
    expect(jobs['signup.expire'].delayMs).toBe(120_000);
  });

  it('mails each invited seller their invite and the operators each contact message', () => {
    expect(jobsForEvent(eventRoutes, 'seller.invited')).toEqual(['mail.seller_invite']);
    expect(jobs['mail.seller_invite']).toMatchObject({ queue: 'mail' });
    expect(jobs['mail.seller_invite'].payload.safeParse({ interestedSellerId: 4 }).success).toBe(true);
    expect(jobsForEvent(eventRoutes, 'contact.message_received')).toEqual(['mail.contact_notification']);
    expect(jobs['mail.contact_notification']).toMatchObject({ queue: 'mail' });
    expect(jobsForEvent(eventRoutes, 'seller.interest_recorded')).toEqual([]);
  });

  it('mails a password reset and removes the identity of a deleted account', () => {
    expect(jobsForEvent(eventRoutes, 'account.password_reset_requested')).toEqual(['mail.password_reset']);
    expect(jobs['mail.password_reset']).toMatchObject({ queue: 'mail' });
    expect(jobsForEvent(eventRoutes, 'user.deleted')).toEqual(['account.remove_identity']);
    expect(jobs['account.remove_identity']).toMatchObject({ queue: 'accounts' });
    expect(jobs['account.remove_identity'].payload.safeParse({ userId: 7 }).success).toBe(true);
  });

  it('settles an order when its window closes: 8 hours, or the window the worker is configured with', () => {
    expect(jobsForEvent(eventRoutes, 'order.placed')).toEqual([
      'order.settle',
      'mail.order_placed',
      'mail.seller_order',
    ]);
    expect(jobs['order.settle']).toMatchObject({ queue: 'deadlines', delayMs: ORDER_WINDOW_MS });
    const short = jobsWithOrderWindow(1_500);
    expect(short['order.settle']).toMatchObject({ queue: 'deadlines', delayMs: 1_500 });
    expect(short['payment.refund']).toBe(jobs['payment.refund']);
    expect(jobs['order.settle'].delayMs).toBe(ORDER_WINDOW_MS);
  });

  it('refunds a cancelled order from its cancellation and from a payment captured after it', () => {
    expect(jobsForEvent(eventRoutes, 'order.cancelled')).toContain('payment.refund');
    expect(jobsForEvent(eventRoutes, 'payment.captured')).toContain('payment.refund');
    expect(jobs['payment.refund']).toMatchObject({ queue: 'payments' });
    expect(jobs['payment.refund'].payload.parse({ paymentId: 3, orderId: 7 })).toEqual({ orderId: 7 });
    expect(jobs['payment.refund'].payload.safeParse({ paymentId: 3 }).success).toBe(false);
  });

  it('mails the buyer at every step of an order and each seller what to pack and what is cancelled, on the mail queue', () => {
    expect(jobsForEvent(eventRoutes, 'order.confirmed')).toContain('mail.order_confirmed');
    expect(jobsForEvent(eventRoutes, 'order.shipped')).toContain('mail.order_shipped');
    expect(jobsForEvent(eventRoutes, 'order.delivered')).toContain('mail.order_delivered');
    expect(jobsForEvent(eventRoutes, 'refund.processed')).toEqual(['mail.refund_processed', 'ledger.book']);
    expect(jobsForEvent(eventRoutes, 'order.cancel_requested')).not.toContain('mail.order_cancelled');
    // The seller's 'to pack' mail: cash on delivery at its placing, online once paid; one job decides at both events.
    expect(jobsForEvent(eventRoutes, 'order.placed')).toContain('mail.seller_order');
    expect(jobsForEvent(eventRoutes, 'order.paid')).toEqual(['invoice.issue', 'mail.seller_order', 'ledger.book']);
    expect(jobsForEvent(eventRoutes, 'order.cancelled')).toEqual(
      expect.arrayContaining(['mail.order_cancelled', 'mail.seller_order_cancelled']),
    );
    // The documents' mails go once their PDFs exist; the buyer's cancellation also waits for a credit note's.
    expect(jobsForEvent(eventRoutes, 'invoice.rendered')).toEqual(['mail.invoice']);
    expect(jobsForEvent(eventRoutes, 'credit_note.rendered')).toEqual(['mail.order_cancelled']);
    const orderMails = Object.keys(jobs).filter((name) => /^mail\.(order|seller_order|invoice|refund)/.test(name));
    expect(orderMails).toHaveLength(9);
    for (const name of orderMails) expect(jobs[name as keyof typeof jobs].queue).toBe('mail');
    // Both two-event jobs read { orderId } from either event's payload.
    expect(jobs['mail.order_cancelled'].payload.parse({ creditNoteId: 3, invoiceId: 2, orderId: 7 })).toEqual({
      orderId: 7,
    });
    expect(jobs['mail.seller_order'].payload.parse({ orderId: 7 })).toEqual({ orderId: 7 });
  });
});

describe('the ledger and payouts', () => {
  it('books an order at every event that moves its money, and pays sellers on the payments queue', () => {
    for (const event of ['payment.captured', 'order.paid', 'invoice.issued', 'credit_note.issued', 'refund.processed'])
      expect(jobsForEvent(eventRoutes, event)).toContain('ledger.book');
    expect(jobs['ledger.book'].payload.parse({ invoiceId: 2, orderId: 7 })).toEqual({ orderId: 7 });
    expect(jobsForEvent(eventRoutes, 'seller_profile.approved')).toContain('route_account.create');
    expect(jobsForEvent(eventRoutes, 'payout.ready')).toEqual(['payout.transfer']);
    expect(jobsForEvent(eventRoutes, 'payout.due')).toEqual(['payout.release']);
    expect(jobsForEvent(eventRoutes, 'payout.reversal_requested')).toEqual(['payout.reverse']);
    for (const name of ['ledger.book', 'route_account.create', 'payout.transfer', 'payout.release', 'payout.reverse'])
      expect(jobs[name as keyof typeof jobs].queue).toBe('payments');
  });
});

describe('ONDC', () => {
  it('answers each recorded call and sends each recorded callback on the ondc queue, retried fast within the ttl', () => {
    expect(jobsForEvent(eventRoutes, 'ondc.request_received')).toEqual(['ondc.respond']);
    expect(jobsForEvent(eventRoutes, 'ondc.callback_ready')).toEqual(['ondc.send_callback']);
    for (const name of ['ondc.respond', 'ondc.send_callback', 'ondc.catalog_push', 'ondc.order_progress'] as const)
      expect(jobs[name].queue).toBe('ondc');
    // The first retry after 300 ms, doubling: the first five runs fall within a request's 30 s ttl.
    expect(jobs['ondc.send_callback'].retry).toEqual({ attempts: 9, backoffDelayMs: 300 });
    expect(jobs['ondc.respond'].retry).toBe(ONDC_CALLBACK_RETRY);
    const firstFive = [0, 1, 2, 3].reduce((sum, n) => sum + ONDC_CALLBACK_RETRY.backoffDelayMs * 2 ** n, 0);
    expect(firstFive).toBeLessThan(30_000);
  });

  it('pushes every product change to the subscribed buyer apps, and tells them each step of a network order', () => {
    for (const event of [
      'product.created',
      'product.updated',
      'product.deleted',
      'product.unlisted',
      'product.relisted',
    ])
      expect(jobsForEvent(eventRoutes, event)).toContain('ondc.catalog_push');
    expect(jobs['ondc.catalog_push'].payload.parse({ productId: 4 })).toEqual({ productId: 4 });
    const steps = ['order.confirmed', 'order.shipped', 'order.delivered', 'order.cancelled', 'order.cancel_requested'];
    for (const event of [...steps, 'shipment.packed', 'shipment.handed_over'])
      expect(jobsForEvent(eventRoutes, event)).toContain('ondc.order_progress');
    expect(jobs['ondc.order_progress'].payload.parse({ shipmentId: 3, orderId: 7 })).toEqual({ orderId: 7 });
  });
});
