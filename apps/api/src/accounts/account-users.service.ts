import { Injectable } from '@nestjs/common';
import { DomainError, ACCESS_MESSAGES, SIGN_IN_MESSAGES } from '@mandi/domain';
import type { GetUserIdAnswer, UserExistsAnswer, UserStatusAnswer } from '@mandi/contracts';
import type { Caller } from '../auth/caller.js';
import { AccountUsersRepository } from './account-users.repository.js';

/** Account facts about users. */
@Injectable()
export class AccountUsersService {
  constructor(private readonly users: AccountUsersRepository) {}

  /** Our user id and role for a Firebase uid; the caller's own needs no query (the access guard loaded it). */
  async getUserId(uid: string, caller: Caller): Promise<GetUserIdAnswer> {
    if (uid === caller.uid) return { userId: String(caller.id), role: caller.role };
    const user = await this.users.findActiveByFirebaseUid(uid);
    if (!user) throw new DomainError('not_found', ACCESS_MESSAGES.noAccount);
    return { userId: String(user.id), role: user.role };
  }

  /** Whether the account of `email` is active or suspended (the sign-in page signs a suspended user out). */
  async statusByEmail(email: string): Promise<UserStatusAnswer> {
    const status = await this.users.findStatusByEmail(email);
    if (status === null) throw new DomainError('not_found', SIGN_IN_MESSAGES.noAccount);
    return { status };
  }

  /** Whether an account (not deleted) has `email`. */
  async existsByEmail(email: string): Promise<UserExistsAnswer> {
    return { exists: (await this.users.findStatusByEmail(email)) !== null };
  }
}
