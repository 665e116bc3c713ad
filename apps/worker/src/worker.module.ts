import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '@mandi/config';
import { DatabaseModule } from '@mandi/database';
import { eventRoutes, jobsWithOrderWindow } from '@mandi/events';
import { QueuesModule } from '@mandi/queues';
import { FileStoreModule } from '@mandi/storage';
import { LoggerModule } from 'nestjs-pino';
import { AccountsModule } from './accounts/accounts.module.js';
import { WorkerConfigModule } from './config/worker-config.module.js';
import { HeartbeatModule } from './heartbeat/heartbeat.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { MailModule } from './mail/mail.module.js';
import { OrderMailsModule } from './mail/order-mails.module.js';
import { MediaModule } from './media/media.module.js';
import { WorkerMetricsModule } from './metrics/worker-metrics.module.js';
import { OndcModule } from './ondc/ondc.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { pipelineSettingsFor } from './pipeline/pipeline.options.js';
import { PipelineModule } from './pipeline/pipeline.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { StatementsModule } from './statements/statements.module.js';

/**
 * The worker process: the outbox relay, one BullMQ worker per queue with jobs, the heartbeat, the metrics port and the
 * pruning sweep.
 * Job handlers are imported here, one module per feature.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        WorkerConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            base: { service: 'worker' },
            // Belt and braces: nothing here logs credentials, and these paths stay hidden if one slips in.
            redact: ['*.password', '*.token', '*.authorization', '*.connectionString', '*.url'],
          },
        }),
        DatabaseModule.forUrl(config.DATABASE_URL),
        FileStoreModule,
        QueuesModule.forRoot({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
        WorkerMetricsModule,
        // The order deadline runs at this deployment's window (ORDER_DECISION_WINDOW_MS), not the registry's 8 hours.
        PipelineModule.forRoot({
          jobs: jobsWithOrderWindow(config.ORDER_DECISION_WINDOW_MS),
          routes: eventRoutes,
          settings: pipelineSettingsFor(config.JOB_LOST_AFTER_MS),
        }),
        HeartbeatModule,
        AccountsModule,
        MailModule,
        OrderMailsModule,
        MediaModule,
        InvoicesModule,
        OrdersModule,
        LedgerModule,
        PayoutsModule,
        RetentionModule,
        StatementsModule,
        OndcModule,
      ],
    };
  }
}
