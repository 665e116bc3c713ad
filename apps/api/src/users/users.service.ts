import { Injectable } from '@nestjs/common';
import { DomainError, ACCESS_MESSAGES } from '@mandi/domain';
import type { GetUserIdAnswer } from '@mandi/contracts';
import type { Caller } from '../auth/caller.js';
import { UsersRepository } from './users.repository.js';

/** Account facts about users. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** Our user id and role for a Firebase uid; the caller's own needs no query (the access guard loaded it). */
  async getUserId(uid: string, caller: Caller): Promise<GetUserIdAnswer> {
    if (uid === caller.uid) return { userId: String(caller.id), role: caller.role };
    const user = await this.users.findActiveByFirebaseUid(uid);
    if (!user) throw new DomainError('not_found', ACCESS_MESSAGES.noAccount);
    return { userId: String(user.id), role: user.role };
  }
}
