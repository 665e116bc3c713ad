import { Module } from '@nestjs/common';
import { ShipmentsController } from './shipments.controller.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { ShipmentsService } from './shipments.service.js';

/** Each seller ships their own part of an order (issue 31, docs/shipments.md). */
@Module({ controllers: [ShipmentsController], providers: [ShipmentsService, ShipmentsRepository] })
export class ShipmentsModule {}
