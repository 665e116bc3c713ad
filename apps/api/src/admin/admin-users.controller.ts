import { Controller, Get } from '@nestjs/common';
import type { AdminUser } from '@mandi/contracts';
import { AdminOnly } from '../auth/access.decorators.js';
import { AdminUsersService } from './admin-users.service.js';

/** The console's Users tab. */
@Controller('admin')
@AdminOnly()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get('users')
  list(): Promise<AdminUser[]> {
    return this.users.list();
  }
}
