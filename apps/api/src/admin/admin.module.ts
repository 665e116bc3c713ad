import { Module } from '@nestjs/common';
import { AdminOrdersController } from './admin-orders.controller.js';
import { AdminOrdersRepository } from './admin-orders.repository.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { AdminSellersController } from './admin-sellers.controller.js';
import { AdminSellersRepository } from './admin-sellers.repository.js';
import { AdminSellersService } from './admin-sellers.service.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { AdminUsersService } from './admin-users.service.js';

/** The console's calls under /api/admin (admin role only). */
@Module({
  controllers: [AdminUsersController, AdminSellersController, AdminOrdersController],
  providers: [AdminUsersService, AdminUsersRepository, AdminSellersService, AdminSellersRepository, AdminOrdersService, AdminOrdersRepository],
})
export class AdminModule {}
