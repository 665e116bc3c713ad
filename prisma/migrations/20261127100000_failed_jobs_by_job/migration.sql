-- The console's Dead jobs tab reads each dead job's latest failure by its BullMQ job id; failed_jobs is never pruned.
-- CreateIndex
CREATE INDEX "failed_jobs_job_id_failed_at_idx" ON "failed_jobs"("job_id", "failed_at" DESC);

