import { Injectable } from '@nestjs/common';
import { rowIdOf, type AdminUser, type ToggleUserAnswer } from '@mandi/contracts';
import { DomainError, PEOPLE_MESSAGES } from '@mandi/domain';
import { CallerCache } from '../auth/caller-cache.js';
import type { Caller } from '../auth/caller.js';
import { ListingCache } from '../products/listing.cache.js';
import { AdminUsersRepository } from './admin-users.repository.js';

/** The console's Users tab: the list, and suspending or reactivating an account. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly listings: ListingCache,
    private readonly callers: CallerCache,
  ) {}

  /** Users as the console lists them, newest first; deleted accounts are not listed. */
  async list(): Promise<AdminUser[]> {
    const users = await this.users.list();
    return users.map((user) => ({
      id: String(user.id),
      uid: user.firebaseUid,
      username: user.username,
      email: user.email,
      created_at: user.createdAt.toISOString(),
      status: user.status,
      role: user.role,
    }));
  }

  /**
   * Suspends an active account or reactivates a suspended one. A suspended user gets 403 on every authenticated call
   * on every replica from this answer on (the replicas' kept callers are out of date first), and their products leave the shop at
   * once (the cached listing pages and their product pages are dropped when any product moved). An admin cannot
   * suspend themselves.
   */
  async toggle(caller: Caller, userId: string): Promise<ToggleUserAnswer> {
    const id = rowIdOf(userId);
    if (id === null) throw new DomainError('not_found', PEOPLE_MESSAGES.userNotFound);
    if (id === caller.id) throw new DomainError('not_allowed', PEOPLE_MESSAGES.cannotSuspendSelf);
    const toggled = await this.users.toggleStatus(id, caller.id);
    if (!toggled) throw new DomainError('not_found', PEOPLE_MESSAGES.userNotFound);
    await this.callers.changed(toggled.uid);
    if (toggled.productIds.length > 0) await this.listings.invalidate(toggled.productIds);
    const newStatus = toggled.status;
    return {
      newStatus,
      message: newStatus === 'suspended' ? PEOPLE_MESSAGES.userSuspended : PEOPLE_MESSAGES.userReactivated,
    };
  }
}
