-- Issue 29: job names are spelled as event names are, in dotted snake_case (`mail.order_placed`, not
-- `mail.order-placed`). The stored names follow, so a handled job stays handled (processed_events), a pending or dead
-- job keeps its row (pending_jobs), a failure its record (failed_jobs), and the admin's order timeline still finds
-- each mail it reads from processed_events. A kebab-case name maps to exactly one snake_case one, and no snake_case
-- name existed before, so no unique key can collide. A job Redis still holds under the old name runs under the new one
-- (libs/events' currentJobName).
UPDATE "processed_events" SET "handler" = replace("handler", '-', '_') WHERE "handler" LIKE '%-%';
UPDATE "pending_jobs" SET "job" = replace("job", '-', '_') WHERE "job" LIKE '%-%';
UPDATE "failed_jobs" SET "name" = replace("name", '-', '_') WHERE "name" LIKE '%-%';
