import { Body, Controller, Get, Put } from '@nestjs/common';
import { toggleUserBodySchema, type AdminUser, type ToggleUserAnswer, type ToggleUserBody } from '@mandi/contracts';
import { AdminOnly, CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
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

  /** Suspends or reactivates an account: {newStatus, message}; 403 for the caller's own account, 404 for no account. */
  @Put('toggle-user')
  toggle(
    @Body(new ZodPipe(toggleUserBodySchema)) body: ToggleUserBody,
    @CurrentCaller() caller: Caller,
  ): Promise<ToggleUserAnswer> {
    return this.users.toggle(caller, body.userId);
  }
}
