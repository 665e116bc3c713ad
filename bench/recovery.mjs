// `npm run bench:recovery`: how long the worker's reconciler takes to put back the jobs a Redis flush lost, and to see
// them all run (docs/events.md, "Delivery guarantee"). Needs the built apps. Makes its own database
// (BENCH_RECOVERY_DATABASE_URL, default mandi_bench_recovery, emptied on every run) and Redis prefix
// (mandi-bench-recovery), starts the API and the worker on BENCH_PORT (default 3213) with mail captured to a temporary
// folder, and then:
//  1. pauses the mail queue (BullMQ's Queue.pause(): the jobs wait in Redis, as behind a busy worker, and none runs
//     before the flush, so the backlog is exactly the messages written; the pause lives in Redis and goes with it);
//  2. writes MESSAGES (default 1,000) contact messages and their contact.message_received events in one statement,
//     through outboxInsertSql as the contact form does, so each is a real mail.contact_notification job;
//  3. waits until the relay has published them all (no unpublished outbox row, a live pending_jobs row and a job in
//     the queue for each);
//  4. deletes every key of the prefix (clearRedisPrefix: to these queues, what FLUSHALL does);
//  5. watches pending_jobs and processed_events until every job is handled, then checks one captured mail per message.
// Prints the jobs lost, the time from the flush to the first job back in its queue (waiting out JOB_LOST_AFTER_MS)
// and from there to the last one handled (re-running), and each process's peak memory. JOB_LOST_AFTER_MS (a minute by
// default) is the worker's: `JOB_LOST_AFTER_MS=5000 npm run bench:recovery` measures a short bound.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '@mandi/config';
import { eventRoutes, jobs, outboxInsertSql } from '@mandi/events';
import { readCapturedMails } from '@mandi/mail';
import { PEOPLE_MAIL_SUBJECTS } from '../apps/worker/dist/mail/people-mails.js';
import { pipelineSettingsFor } from '../apps/worker/dist/pipeline/pipeline.options.js';
import { clearRedisPrefix } from '../scripts/lib/services.mjs';
import { freshDatabase, redisUrl, startApps } from './lib/apps.mjs';
import { reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl =
  process.env.BENCH_RECOVERY_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_recovery';
const port = Number(process.env.BENCH_PORT ?? 3213);
const messages = Number(process.env.MESSAGES ?? 1000);
const redisPrefix = 'mandi-bench-recovery';
const event = 'contact.message_received';
const [job] = eventRoutes[event];
const queueName = jobs[job].queue;
// The worker's own reading of JOB_LOST_AFTER_MS and the reconciler's pass that follows from it.
const { lostJobAfterMs, reconcileIntervalMs } = pipelineSettingsFor(
  loadConfig({ NODE_ENV: 'development', ...process.env, LOG_LEVEL: 'silent' }).JOB_LOST_AFTER_MS,
);
/** Longest the bench waits for recovery before it calls it a failure: twice the documented bound, plus a minute. */
const giveUpAfterMs = 2 * (lostJobAfterMs + reconcileIntervalMs) + 60_000;

const seconds = (ms) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The contact messages, each with its event, in one statement; answers their ids. */
async function writeBacklog(client) {
  const events = outboxInsertSql({ type: event, from: 'stored', ids: { contactMessageId: 'id' } });
  const { rows } = await client.query(
    `WITH stored AS (
       INSERT INTO contact_messages (name, email, message)
       SELECT 'Bench sender ' || n, 'sender' || n || '@mandi.test', 'Message ' || n || ' of the recovery bench.'
         FROM generate_series(1, ${messages}) n
       RETURNING id
     ), events AS (${events.text})
     SELECT id FROM stored`,
    events.values,
  );
  return rows.map((row) => row.id);
}

/** The pipeline's books for the bench's job: live and dead pending rows, handled jobs, and the first and last handled. */
async function ledger(client) {
  const {
    rows: [row],
  } = await client.query(
    `SELECT (SELECT count(*)::int FROM outbox_events WHERE published_at IS NULL) AS unpublished,
            (SELECT min(published_at) FROM outbox_events) AS first_published,
            (SELECT max(published_at) FROM outbox_events) AS last_published,
            (SELECT count(*)::int FROM pending_jobs WHERE job = $1 AND dead_at IS NULL) AS pending,
            (SELECT count(*)::int FROM pending_jobs WHERE job = $1 AND dead_at IS NOT NULL) AS dead,
            (SELECT min(seen_at) FROM pending_jobs WHERE job = $1 AND enqueues > 1) AS first_requeued,
            (SELECT count(*)::int FROM processed_events WHERE handler = $1) AS handled,
            (SELECT min(processed_at) FROM processed_events WHERE handler = $1) AS first_handled,
            (SELECT max(processed_at) FROM processed_events WHERE handler = $1) AS last_handled`,
    [job],
  );
  return row;
}

/** Asks `probe` every `everyMs` until `done` holds for its answer; throws after `timeoutMs`. */
async function poll(probe, done, { everyMs, timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (done(answer)) return answer;
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${seconds(timeoutMs).trim()}: ${JSON.stringify(answer)}`);
    await sleep(everyMs);
  }
}

/** Whether every message got exactly one mail, told by its subject (which names the sender): the problems found. */
async function mailProblems(captureDir, client) {
  const mails = await readCapturedMails(captureDir);
  const { rows } = await client.query(`SELECT name FROM contact_messages`);
  const bySubject = new Map();
  for (const mail of mails) bySubject.set(mail.subject, (bySubject.get(mail.subject) ?? 0) + 1);
  const missing = rows.filter((row) => !bySubject.has(PEOPLE_MAIL_SUBJECTS.contact(row.name)));
  const doubled = [...bySubject].filter(([, count]) => count > 1);
  const problems = [];
  if (mails.length !== rows.length) problems.push(`${mails.length} mails captured for ${rows.length} messages`);
  if (missing.length > 0) problems.push(`${missing.length} messages without a mail (first: ${missing[0].name})`);
  if (doubled.length > 0)
    problems.push(`${doubled.length} messages mailed more than once (first: '${doubled[0][0]}' x${doubled[0][1]})`);
  return { count: mails.length, problems };
}

async function main() {
  await freshDatabase(databaseUrl);
  const captureDir = await mkdtemp(join(tmpdir(), 'mandi-bench-recovery-'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const apps = await startApps({
    port,
    databaseUrl,
    redisPrefix,
    env: {
      LOG_LEVEL: 'warn',
      MAIL_TRANSPORT: 'capture',
      MAIL_CAPTURE_DIR: captureDir,
      JOB_LOST_AFTER_MS: String(lostJobAfterMs),
    },
  });
  const stopSampling = sampleMemory(apps.pids);
  let failed;
  try {
    console.log(
      `recovery bench on ${cpus().length} cores: ${messages} ${job} jobs, JOB_LOST_AFTER_MS ${lostJobAfterMs} ms, ` +
        `reconciler every ${reconcileIntervalMs} ms (bound ${seconds(lostJobAfterMs + reconcileIntervalMs).trim()} after a job was last seen)\n`,
    );
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(queueName, { connection, prefix: redisPrefix });
    await queue.pause();
    const written = performance.now();
    await writeBacklog(client);
    const published = await poll(
      () => ledger(client),
      (books) => books.unpublished === 0 && books.pending === messages,
      { everyMs: 50, timeoutMs: 60_000, what: 'publishing the backlog' },
    );
    const queued = await queue.count();
    await queue.close();
    connection.disconnect();
    console.log(
      `backlog: ${messages} messages written and published in ${seconds(performance.now() - written).trim()}; ${queued} jobs waiting in the paused ${queueName} queue`,
    );
    if (queued !== messages) throw new Error(`${queued} jobs in the queue for ${messages} messages`);

    const lost = (await ledger(client)).pending;
    const flushStarted = Date.now();
    const keys = await clearRedisPrefix(redisUrl, redisPrefix);
    const flushedAt = Date.now();
    console.log(
      `flush: ${keys} keys of ${redisPrefix}:* deleted in ${flushedAt - flushStarted} ms, ` +
        `${seconds(flushedAt - published.last_published.getTime()).trim()} after the last job was published ` +
        `(${seconds(flushedAt - published.first_published.getTime()).trim()} after the first); jobs lost (live pending_jobs rows): ${lost}`,
    );

    // The first job back in its queue: the reconciler's pass that re-added it (its seen_at), or the first job handled
    // if that was seen first (a pass's rows are handled as soon as it commits).
    /** @type {number} the first moment a job was back in its queue (ms) */
    let firstBack = Number.NaN;
    const recovered = await poll(
      async () => {
        const books = await ledger(client);
        for (const at of [books.first_requeued, books.first_handled]) {
          if (at && (Number.isNaN(firstBack) || at.getTime() < firstBack)) firstBack = at.getTime();
        }
        return books;
      },
      (books) => books.pending === 0 && books.handled === messages,
      { everyMs: 50, timeoutMs: giveUpAfterMs, what: 'handling every job after the flush' },
    );
    const handledAt = recovered.last_handled.getTime();
    // Mails of a job run twice would arrive after its first; give them a reconciler pass to show.
    await sleep(Math.max(2_000, reconcileIntervalMs));
    const final = await ledger(client);
    const mails = await mailProblems(captureDir, client);

    console.log(
      `\n${'waiting for the bound (flush -> first job back in its queue)'.padEnd(64)} ${seconds(firstBack - flushedAt)}`,
    );
    console.log(`${'re-running (first job back -> last job handled)'.padEnd(64)} ${seconds(handledAt - firstBack)}`);
    console.log(`${'recovered (flush -> every job handled)'.padEnd(64)} ${seconds(handledAt - flushedAt)}`);
    console.log(`  -> ${(messages / ((handledAt - firstBack) / 1000)).toFixed(0)} jobs/s re-run`);
    console.log(
      `\nrecorded: ${final.handled} handled of ${messages}, ${final.pending} pending, ${final.dead} dead, ` +
        `${mails.count} mails captured${mails.problems.length ? ` (${mails.problems.join('; ')})` : ', one per message'}`,
    );
    failed = final.handled !== messages || final.pending !== 0 || final.dead !== 0 || mails.problems.length > 0;
  } finally {
    reportMemory(stopSampling());
    await client.end();
    await apps.stop();
    await rm(captureDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench:recovery failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
