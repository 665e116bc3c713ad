import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { SellerDashboardController } from './seller-dashboard.controller.js';
import { SellerDashboardRepository } from './seller-dashboard.repository.js';
import { SellerDashboardService } from './seller-dashboard.service.js';

/** The seller's dashboard (issue 16): their orders, sales and products needing attention; changes go through the catalog. */
@Module({
  imports: [ProductsModule],
  controllers: [SellerDashboardController],
  providers: [SellerDashboardService, SellerDashboardRepository],
})
export class SellerDashboardModule {}
