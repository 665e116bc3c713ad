import { AUTH_TIMINGS, ORDER_WINDOW_MS } from '@mandi/domain';
import { z } from 'zod';
import { domainEvents, entityId, type EventPayload, type EventType } from './events.js';

/**
 * The job side of the pipeline: which queues exist, which jobs run on them with what payload, and
 * which events fan out to which jobs. The worker's relay reads the routes; its job runner refuses to
 * start unless every job here has exactly one handler.
 */

/** The BullMQ queues; each is worked by the worker, scaled by running more workers. */
export const queueNames = [
  'orders',
  'payments',
  'documents',
  'mail',
  'media',
  'deadlines',
  'accounts',
  'ondc',
] as const;

/** The name of a queue. */
export type QueueName = (typeof queueNames)[number];

/** One kind of job: the queue it runs on and the schema its payload must pass before the handler runs. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  readonly queue: QueueName;
  readonly payload: S;
  /**
   * Run the job this long after its event was published (the outbox row's created_at), not at once: a deadline.
   * Counted from the event, so a relay that runs late does not push the deadline further.
   */
  readonly delayMs?: number;
  /**
   * Runs and first backoff of this job when the pipeline's (8 runs, 5 s doubling) would be too slow: a callback that
   * must reach an ONDC buyer app within the request's ttl.
   */
  readonly retry?: JobRetry;
}

/** How often a job runs at most (first run included) and how long before its first retry; each later one doubles. */
export interface JobRetry {
  readonly attempts: number;
  readonly backoffDelayMs: number;
}

/** A registry of jobs by name. */
export type JobDefinitions = Readonly<Record<string, JobDefinition>>;

/**
 * What a job name looks like: dotted snake_case words, spelled as event names are (`credit_note.issued` starts
 * `credit_note.render`). A job name is part of the BullMQ job id, and BullMQ forbids ':' there.
 */
export const jobNamePattern = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/**
 * The name a job queued under an older spelling runs as. Job names were kebab-case (`mail.order-placed`) until
 * migration 20261212090000_snake_case_job_names renamed the stored ones; a job Redis still held from before the
 * deploy carries the old name, and runs under the new one (docs/events.md, "Renaming a job").
 */
export function currentJobName(queuedName: string): string {
  return queuedName.replaceAll('-', '_');
}

/** Declares a job registry; throws on a job name BullMQ could not carry, or a delay that is not a whole, positive count of ms. */
export function defineJobs<const J extends JobDefinitions>(jobs: J): J {
  for (const [name, definition] of Object.entries(jobs)) {
    if (!jobNamePattern.test(name)) {
      throw new Error(`Job name '${name}' must be dotted snake_case words, e.g. 'credit_note.render'`);
    }
    const { delayMs, retry } = definition;
    if (delayMs !== undefined && !(Number.isSafeInteger(delayMs) && delayMs > 0)) {
      throw new Error(`Job '${name}' has delayMs ${delayMs}; it must be a whole number of milliseconds above 0`);
    }
    if (retry && !(isCount(retry.attempts) && isCount(retry.backoffDelayMs))) {
      throw new Error(
        `Job '${name}' has retry ${JSON.stringify(retry)}; attempts and backoffDelayMs must be whole and above 0`,
      );
    }
  }
  return jobs;
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/** The names of the jobs of `J` whose payload schema accepts the payload of event `E`. */
export type JobsAccepting<J extends JobDefinitions, E extends EventType> = {
  [K in keyof J & string]: EventPayload<E> extends z.input<J[K]['payload']> ? K : never;
}[keyof J & string];

/** Event -> the jobs it starts. An event with no entry is recorded and marked published, nothing more. */
export type EventRoutes<J extends JobDefinitions> = {
  readonly [E in EventType]?: readonly JobsAccepting<J, E>[];
};

/** Routes of any registry, as the relay reads them: event -> job names. */
export type AnyEventRoutes = { readonly [E in EventType]?: readonly string[] };

/**
 * Declares the routes of `jobs`. The types only allow a job whose payload accepts the event's payload;
 * at run time it also refuses an unknown job and a job listed twice for one event.
 */
export function defineRoutes<J extends JobDefinitions>(jobs: J, routes: EventRoutes<J>): EventRoutes<J> {
  for (const [event, names] of Object.entries(routes) as [string, readonly string[]][]) {
    for (const name of names) {
      if (!Object.hasOwn(jobs, name)) throw new Error(`Event '${event}' routes to unknown job '${name}'`);
    }
    if (new Set(names).size !== names.length) throw new Error(`Event '${event}' lists a job twice`);
  }
  return routes;
}

/** The jobs each event of type `type` starts, none when it has no route. */
export function jobsForEvent(routes: AnyEventRoutes, type: string): readonly string[] {
  return (routes as Partial<Record<string, readonly string[]>>)[type] ?? [];
}

/**
 * The retries of a job that talks to an ONDC buyer app within a request's ttl (PT30S by default): the first after
 * 300 ms, doubling, 9 runs over about 77 s, so most of them fall inside the ttl and a buyer app back within a minute
 * still gets its callback (a late one is recorded as late, docs/ondc.md).
 */
export const ONDC_CALLBACK_RETRY: JobRetry = { attempts: 9, backoffDelayMs: 300 };

/**
 * How long after the verification mail was asked for a sign-up that did not finish is removed: the 90 s window
 * plus 30 s, so the verification page (which gives up at 90 s, and polls every 3 s) and a verification in the last
 * second have made the user record first, even on a slow connection.
 */
export const SIGNUP_EXPIRY_DELAY_MS = AUTH_TIMINGS.verificationWindowMs + 30_000;

/**
 * The product's jobs. A job enters this registry together with its handler in apps/worker (the
 * worker refuses to start with a job nobody handles), in the issue that gives it real work.
 */
export const jobs = defineJobs({
  // Accounts (apps/worker/src/mail, apps/worker/src/accounts).
  'mail.verification': { queue: 'mail', payload: domainEvents['signup.verification_requested'].payload },
  'signup.expire': {
    queue: 'deadlines',
    payload: domainEvents['signup.verification_requested'].payload,
    delayMs: SIGNUP_EXPIRY_DELAY_MS,
  },
  'mail.password_reset': { queue: 'mail', payload: domainEvents['account.password_reset_requested'].payload },
  'account.remove_identity': { queue: 'accounts', payload: domainEvents['user.deleted'].payload },
  // Catalog (apps/worker/src/media).
  'product.image_variants': { queue: 'media', payload: domainEvents['product.created'].payload },
  'product.remove_files': { queue: 'media', payload: domainEvents['product.deleted'].payload },
  // Invoices and credit notes (apps/worker/src/invoices, docs/invoices.md). Issuing numbers and records a document
  // (its outbox event in the same statement); rendering prints its PDF in a job of its own, so a worker that dies
  // while printing leaves a numbered document whose render job is retried. The credit note runs on the cancellation
  // and on the invoice's issue, so whichever comes last issues it: its payload is read loosely as { orderId }.
  'invoice.issue': { queue: 'documents', payload: z.object({ orderId: entityId }) },
  'invoice.render': { queue: 'documents', payload: domainEvents['invoice.issued'].payload },
  'credit_note.issue': { queue: 'documents', payload: z.object({ orderId: entityId }) },
  'credit_note.render': { queue: 'documents', payload: domainEvents['credit_note.issued'].payload },
  // Sellers and contact (apps/worker/src/mail).
  'mail.seller_invite': { queue: 'mail', payload: domainEvents['seller.invited'].payload },
  'mail.seller_profile_approved': { queue: 'mail', payload: domainEvents['seller_profile.approved'].payload },
  'mail.seller_profile_rejected': { queue: 'mail', payload: domainEvents['seller_profile.rejected'].payload },
  'mail.contact_notification': { queue: 'mail', payload: domainEvents['contact.message_received'].payload },
  // The seller of a product an admin unlisted, with the admin's reason (apps/worker/src/mail, issue 17).
  'mail.product_unlisted': { queue: 'mail', payload: domainEvents['product.unlisted'].payload },
  // Order mails (apps/worker/src/mail, docs/mail.md): one job per mail. The buyer's cancellation runs on the
  // cancellation and on the credit note's PDF, the seller's 'to pack' mail on the order's placing and on its payment;
  // each decides from the order and the event's type which of its two events sends it, so it is sent once. Those two
  // read their payload loosely as { orderId }.
  'mail.order_placed': { queue: 'mail', payload: domainEvents['order.placed'].payload },
  'mail.order_confirmed': { queue: 'mail', payload: domainEvents['order.confirmed'].payload },
  'mail.order_shipped': { queue: 'mail', payload: domainEvents['order.shipped'].payload },
  'mail.order_delivered': { queue: 'mail', payload: domainEvents['order.delivered'].payload },
  'mail.order_cancelled': { queue: 'mail', payload: z.object({ orderId: entityId }) },
  'mail.invoice': { queue: 'mail', payload: domainEvents['invoice.rendered'].payload },
  'mail.refund_processed': { queue: 'mail', payload: domainEvents['refund.processed'].payload },
  'mail.seller_order': { queue: 'mail', payload: z.object({ orderId: entityId }) },
  'mail.seller_order_cancelled': { queue: 'mail', payload: domainEvents['order.cancelled'].payload },
  // Each step of a seller's shipment, to the buyer and to the seller (one job per mail, docs/shipments.md).
  'mail.buyer_shipment_packed': { queue: 'mail', payload: domainEvents['shipment.packed'].payload },
  'mail.seller_shipment_packed': { queue: 'mail', payload: domainEvents['shipment.packed'].payload },
  'mail.buyer_shipment_handed_over': { queue: 'mail', payload: domainEvents['shipment.handed_over'].payload },
  'mail.seller_shipment_handed_over': { queue: 'mail', payload: domainEvents['shipment.handed_over'].payload },
  // Orders (apps/worker/src/orders). The settle job is due when the order's decision window closes; the worker runs
  // it at its configured window (ORDER_DECISION_WINDOW_MS, see jobsWithOrderWindow), 8 hours here.
  'order.settle': { queue: 'deadlines', payload: domainEvents['order.placed'].payload, delayMs: ORDER_WINDOW_MS },
  // Returns the money of a cancelled order paid online. Started by the cancellation, and by a payment captured after
  // the order was cancelled (a late payment); it does nothing for an order with no captured online payment. The
  // payload is read loosely so both events' payloads reach it as { orderId }.
  'payment.refund': { queue: 'payments', payload: z.object({ orderId: entityId }) },
  // The seller ledger (apps/worker/src/ledger, docs/ledger.md): books whatever of an order's money is not booked yet
  // (a payment's receipt, each document's sale, each credit note's reversal, each refund), so every event that moves
  // money starts the same job; the payload is read loosely as { orderId }.
  'ledger.book': { queue: 'payments', payload: z.object({ orderId: entityId }) },
  // Payouts through Razorpay Route (apps/worker/src/payouts, docs/payouts.md).
  'route_account.create': { queue: 'payments', payload: domainEvents['seller_profile.approved'].payload },
  'payout.transfer': { queue: 'payments', payload: domainEvents['payout.ready'].payload },
  'payout.release': { queue: 'payments', payload: domainEvents['payout.due'].payload },
  'payout.reverse': { queue: 'payments', payload: domainEvents['payout.reversal_requested'].payload },
  'payout.fail': { queue: 'payments', payload: domainEvents['payout.transfer_failed'].payload },
  // Mandi on ONDC (apps/worker/src/ondc, docs/ondc.md). A buyer app's call is answered (its callback recorded with
  // whatever the action changes), then the callback is sent, signed, until the buyer app answers it. A product change
  // pushes an incremental catalogue to the subscribed buyer apps; an order's or shipment's step sends a network
  // order's unsolicited callbacks. Those two read their payload loosely, as { productId } and { orderId }.
  'ondc.respond': { queue: 'ondc', payload: domainEvents['ondc.request_received'].payload, retry: ONDC_CALLBACK_RETRY },
  'ondc.send_callback': {
    queue: 'ondc',
    payload: domainEvents['ondc.callback_ready'].payload,
    retry: ONDC_CALLBACK_RETRY,
  },
  'ondc.catalog_push': { queue: 'ondc', payload: z.object({ productId: entityId }) },
  'ondc.order_progress': { queue: 'ondc', payload: z.object({ orderId: entityId }), retry: ONDC_CALLBACK_RETRY },
});

/** The product's routes from events to jobs; see docs/events.md for the table. */
export const eventRoutes: EventRoutes<typeof jobs> = defineRoutes(jobs, {
  'signup.verification_requested': ['mail.verification', 'signup.expire'],
  'account.password_reset_requested': ['mail.password_reset'],
  'user.deleted': ['account.remove_identity'],
  'product.created': ['product.image_variants', 'ondc.catalog_push'],
  'product.updated': ['product.image_variants', 'ondc.catalog_push'],
  'product.deleted': ['product.remove_files', 'ondc.catalog_push'],
  'order.paid': ['invoice.issue', 'mail.seller_order', 'ledger.book'],
  'order.cancelled': [
    'credit_note.issue',
    'payment.refund',
    'mail.order_cancelled',
    'mail.seller_order_cancelled',
    'ondc.order_progress',
  ],
  'order.cancel_requested': ['ondc.order_progress'],
  'invoice.issued': ['invoice.render', 'credit_note.issue', 'ledger.book'],
  'credit_note.issued': ['credit_note.render', 'ledger.book'],
  'invoice.rendered': ['mail.invoice'],
  'credit_note.rendered': ['mail.order_cancelled'],
  'seller.invited': ['mail.seller_invite'],
  'seller_profile.approved': ['mail.seller_profile_approved', 'route_account.create'],
  'seller_profile.rejected': ['mail.seller_profile_rejected'],
  'contact.message_received': ['mail.contact_notification'],
  'product.unlisted': ['mail.product_unlisted', 'ondc.catalog_push'],
  'product.relisted': ['ondc.catalog_push'],
  'order.placed': ['order.settle', 'mail.order_placed', 'mail.seller_order'],
  'order.confirmed': ['mail.order_confirmed', 'ondc.order_progress'],
  'order.shipped': ['mail.order_shipped', 'ondc.order_progress'],
  'order.delivered': ['mail.order_delivered', 'ondc.order_progress'],
  'shipment.packed': ['mail.buyer_shipment_packed', 'mail.seller_shipment_packed', 'ondc.order_progress'],
  'shipment.handed_over': [
    'mail.buyer_shipment_handed_over',
    'mail.seller_shipment_handed_over',
    'ondc.order_progress',
  ],
  'payment.captured': ['payment.refund', 'ledger.book'],
  'refund.processed': ['mail.refund_processed', 'ledger.book'],
  'payout.ready': ['payout.transfer'],
  'payout.due': ['payout.release'],
  'payout.reversal_requested': ['payout.reverse'],
  'payout.transfer_failed': ['payout.fail'],
  'ondc.request_received': ['ondc.respond'],
  'ondc.callback_ready': ['ondc.send_callback'],
});

/**
 * The registry as a worker runs it: `order.settle` due `windowMs` after the order was placed, the deployment's
 * ORDER_DECISION_WINDOW_MS (tests shorten it), instead of the 8 hours written above.
 */
export function jobsWithOrderWindow(windowMs: number): typeof jobs {
  return defineJobs({ ...jobs, 'order.settle': { ...jobs['order.settle'], delayMs: windowMs } });
}
