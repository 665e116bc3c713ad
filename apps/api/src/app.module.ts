import type { IncomingMessage } from 'node:http';
import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { pino } from 'pino';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { DatabaseModule } from '@mandi/database';
import { FileStoreModule } from '@mandi/storage';
import { AccountsModule } from './accounts/accounts.module.js';
import { AddressesModule } from './addresses/addresses.module.js';
import { AdminModule } from './admin/admin.module.js';
import { AdminJobsModule } from './admin/admin-jobs.module.js';
import { AdminPipelineModule } from './admin/admin-pipeline.module.js';
import { AccessGuard } from './auth/access.guard.js';
import { AuthModule } from './auth/auth.module.js';
import { CartModule } from './cart/cart.module.js';
import { ContactModule } from './contact/contact.module.js';
import { BodyRuleGuard } from './common/body-rule.js';
import { ApiErrorFilter } from './common/api-error.filter.js';
import { AppConfigModule } from './config/app-config.js';
import { HealthModule } from './health/health.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { OndcModule } from './ondc/ondc.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { PincodesModule } from './pincodes/pincodes.module.js';
import { ProductsModule } from './products/products.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { QueuesDashboardModule } from './queues-dashboard/queues-dashboard.module.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { RedisModule } from './redis/redis.module.js';
import { SellersModule } from './sellers/sellers.module.js';
import { SellerDashboardModule } from './seller-dashboard/seller-dashboard.module.js';
import { SellerPayoutsModule } from './seller-payouts/seller-payouts.module.js';
import { SellerProfilesModule } from './seller-profiles/seller-profiles.module.js';
import { ShipmentsModule } from './shipments/shipments.module.js';

@Module({
  imports: [
    AppConfigModule,
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: [
          {
            level: config.LOG_LEVEL,
            // A request is logged with its id, method, URL, address and user agent: headers in full (tokens and
            // cookies would need redacting) cost more CPU to serialise than a checkout costs PostgreSQL.
            serializers: {
              req: (req: {
                id: string;
                method: string;
                url: string;
                remoteAddress: string;
                headers: Record<string, string>;
              }) => ({
                id: req.id,
                method: req.method,
                url: req.url,
                remoteAddress: req.remoteAddress,
                userAgent: req.headers['user-agent'],
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            customLogLevel: (_req, res, err) =>
              err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
            // Load balancers poll the health check; logging each poll would drown the rest.
            autoLogging: {
              ignore: (req: IncomingMessage & { originalUrl?: string }) =>
                (req.originalUrl ?? req.url ?? '').startsWith('/api/health'),
            },
          },
          // Lines are written without blocking the request (pino flushes what is buffered when the process exits).
          pino.destination({ dest: 1, sync: false }),
        ],
      }),
    }),
    RedisModule,
    DatabaseModule,
    FileStoreModule,
    AuthModule,
    HealthModule,
    AccountsModule,
    ProductsModule,
    CartModule,
    PincodesModule,
    AddressesModule,
    CheckoutModule,
    PaymentsModule,
    InvoicesModule,
    OrdersModule,
    ProfilesModule,
    AdminModule,
    SellersModule,
    SellerDashboardModule,
    SellerPayoutsModule,
    SellerProfilesModule,
    ShipmentsModule,
    ContactModule,
    QueuesDashboardModule,
    AdminPipelineModule,
    AdminJobsModule,
    MetricsModule,
    OndcModule,
    OpenApiModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: ApiErrorFilter },
    // Guards run in this order: who is calling, then how often (a route's own limit may count per caller), then
    // whether the body fits the route (common/body-rule.ts), before any pipe or handler.
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: BodyRuleGuard },
  ],
})
export class AppModule {}
