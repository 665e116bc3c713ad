import { Body, Controller } from '@nestjs/common';
import { adminUsers, toggleUser, type AdminUser, type ToggleUserAnswer, type ToggleUserBody } from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminUsersService } from './admin-users.service.js';

/** The console's Users tab. */
@Controller()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Endpoint(adminUsers)
  list(): Promise<AdminUser[]> {
    return this.users.list();
  }

  /** Suspends or reactivates an account: {newStatus, message}; 403 for the caller's own account, 404 for no account. */
  @Endpoint(toggleUser)
  toggle(@Body() body: ToggleUserBody, @CurrentCaller() caller: Caller): Promise<ToggleUserAnswer> {
    return this.users.toggle(caller, body.userId);
  }
}
