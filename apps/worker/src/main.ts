import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig } from '@mandi/config';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module.js';

/**
 * Starts the worker (no HTTP). SIGTERM or SIGINT closes it gracefully: the relay stops after its
 * current pass, the queue workers finish the jobs they hold, then the connections close. A second
 * signal exits at once.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  logger.log({ msg: 'worker ready', redisPrefix: config.REDIS_PREFIX }, 'Worker');

  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) {
      logger.warn({ msg: 'second signal, exiting now', signal }, 'Worker');
      process.exit(1);
    }
    closing = true;
    logger.log({ msg: 'shutting down', signal }, 'Worker');
    app.close().then(
      () => {
        logger.log({ msg: 'worker stopped' }, 'Worker');
        process.exitCode = 0;
      },
      (error: unknown) => {
        logger.error({ msg: 'shutdown failed', err: error }, 'Worker');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // Prisma's rollback of a timed-out transaction whose connection PostgreSQL has closed (a restart) rejects a promise
  // nobody awaits. Ending the worker for it would stop every queue until something restarts it; the job it belonged
  // to has already failed its attempt and will be retried, so the error is logged and the worker goes on.
  process.on('unhandledRejection', (reason) =>
    logger.error({ msg: 'unhandled rejection (logged, worker goes on)', err: reason }, 'Worker'),
  );
}

main().catch((error: unknown) => {
  // The Nest logger may not exist yet (bad configuration, wiring refused at boot): print plainly, on one line for a
  // refused configuration.
  if (error instanceof ConfigError) console.error(`Worker refused to start. ${error.message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
