import { Module } from '@nestjs/common';
import { QueuesSessionController } from './queues-dashboard.controller.js';
import { QueuesDashboard } from './queues-dashboard.service.js';

/** The queue dashboard (bull-board at /adminpanel/queues, admins only); its pages are mounted by create-app.ts. */
@Module({ controllers: [QueuesSessionController], providers: [QueuesDashboard], exports: [QueuesDashboard] })
export class QueuesDashboardModule {}
