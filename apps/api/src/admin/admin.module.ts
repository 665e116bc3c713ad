import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/** The console's calls under /api/admin (admin role only). */
@Module({ controllers: [AdminUsersController], providers: [AdminUsersService] })
export class AdminModule {}
