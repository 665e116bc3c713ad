import { Module } from '@nestjs/common';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/** The buyer's orders: My Orders, order details, cancellation requests (spec 001). */
@Module({ controllers: [OrdersController], providers: [OrdersService, OrdersRepository] })
export class OrdersModule {}
