import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { queueNames } from '@mandi/events';
import { redisConnection } from './redis-connection.js';

/** Where the queues live: the Redis URL and the key prefix every queue key starts with. */
export interface QueuesOptions {
  readonly redisUrl: string;
  readonly prefix: string;
}

/** Injection token of the {@link QueuesOptions} the module was built with. */
export const QUEUES_OPTIONS = Symbol('QUEUES_OPTIONS');

/**
 * Registers every queue of `@mandi/events` with BullMQ on one Redis and prefix, for the API and the
 * worker alike; inject one with `@InjectQueue('orders')`. Global, so it is imported once at the root.
 */
@Module({})
export class QueuesModule {
  /** The module for `options`; tests pass their own prefix to keep their keys apart. */
  static forRoot(options: QueuesOptions): DynamicModule {
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRoot({ connection: redisConnection(options.redisUrl), prefix: options.prefix }),
        BullModule.registerQueue(...queueNames.map((name) => ({ name }))),
      ],
      providers: [{ provide: QUEUES_OPTIONS, useValue: options }],
      exports: [BullModule, QUEUES_OPTIONS],
    };
  }
}
