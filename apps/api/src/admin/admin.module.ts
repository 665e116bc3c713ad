import { CommissionsModule } from './commissions/commissions.module.js';
import { AdminPayoutsModule } from './payouts/admin-payouts.module.js';
import { AdminOndcModule } from './ondc/admin-ondc.module.js';
import { Module } from '@nestjs/common';
import { AdminAuditModule } from './admin-audit.module.js';
import { ProductsModule } from '../products/products.module.js';
import { AdminDashboardModule } from './admin-dashboard.module.js';
import { AdminProductsController } from './admin-products.controller.js';
import { AdminProductsRepository } from './admin-products.repository.js';
import { AdminProductsService } from './admin-products.service.js';
import { AdminSellersController } from './admin-sellers.controller.js';
import { AdminSellersRepository } from './admin-sellers.repository.js';
import { AdminSellersService } from './admin-sellers.service.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { AdminUsersService } from './admin-users.service.js';
import { GstReportsModule } from './reports/gst-reports.module.js';

/** The console's calls under /api/admin about people (admin role only); the order moves live in OrdersModule. */
@Module({
  imports: [
    ProductsModule,
    AdminDashboardModule,
    AdminAuditModule,
    GstReportsModule,
    CommissionsModule,
    AdminPayoutsModule,
    AdminOndcModule,
  ],
  controllers: [AdminUsersController, AdminSellersController, AdminProductsController],
  providers: [
    AdminUsersService,
    AdminUsersRepository,
    AdminSellersService,
    AdminSellersRepository,
    AdminProductsService,
    AdminProductsRepository,
  ],
})
export class AdminModule {}
