-- The durable copy of the jobs in Redis (docs/events.md, "Delivery guarantee"): the relay writes one row per job it
-- enqueues, in the transaction that marks the event published; the handler's transaction deletes it with its
-- processed_events mark. What stays is either a job Redis may have lost (the reconciler re-enqueues it) or a dead job
-- (dead_at, error) that waits for an admin's retry. Events relayed before this migration have no rows: their jobs
-- are in Redis already and finish as before.
--
-- refunds.leased_until: the refund job holds a refund by a lease while it talks to Razorpay, instead of an advisory
-- lock inside a transaction held open across the call.
-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "leased_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "pending_jobs" (
    "id" BIGSERIAL NOT NULL,
    "event_id" BIGINT NOT NULL,
    "job" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "enqueues" INTEGER NOT NULL DEFAULT 1,
    "dead_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "retry_requested_at" TIMESTAMPTZ(3),

    CONSTRAINT "pending_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_jobs_due_at_idx" ON "pending_jobs"("due_at");

-- CreateIndex
CREATE UNIQUE INDEX "pending_jobs_event_id_job_key" ON "pending_jobs"("event_id", "job");

-- AddForeignKey
ALTER TABLE "pending_jobs" ADD CONSTRAINT "pending_jobs_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "outbox_events"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

