import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { AdminOrderDetailController } from './admin-order-detail.controller.js';
import { AdminOrderDetailRepository } from './admin-order-detail.repository.js';
import { AdminOrderDetailService } from './admin-order-detail.service.js';
import { AdminOrdersExportController } from './admin-orders-export.controller.js';
import { AdminOrdersExportRepository } from './admin-orders-export.repository.js';
import { AdminOrdersExportService } from './admin-orders-export.service.js';
import { AdminOrdersController } from './admin-orders.controller.js';
import { AdminOrdersRepository } from './admin-orders.repository.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders after checkout, and every move of one: the buyer's My Orders, details and cancellation request (docs/orders.md),
 * and the console's list and moves under /api/admin/orders. The SQL of each move is libs/orders'; the payment's
 * confirmation is in order-payment.sql.ts, which the payments feature runs with its capture.
 */
@Module({
  // An admin's cancellation gives packs back: the product pages and the listing are dropped (ListingCache).
  imports: [ProductsModule],
  controllers: [OrdersController, AdminOrdersController, AdminOrdersExportController, AdminOrderDetailController],
  providers: [
    OrdersService,
    OrdersRepository,
    AdminOrdersService,
    AdminOrdersRepository,
    AdminOrderDetailService,
    AdminOrderDetailRepository,
    AdminOrdersExportService,
    AdminOrdersExportRepository,
  ],
})
export class OrdersModule {}
