import { Injectable } from '@nestjs/common';
import type { ShowInterestBody } from '@mandi/contracts';
import { ACCESS_MESSAGES, DomainError, PEOPLE_MESSAGES } from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { SellersRepository } from './sellers.repository.js';

/** What recording an interest did: `recorded` is false when it had been recorded before. */
export interface InterestOutcome {
  recorded: boolean;
  message: string;
}

/** 'Show Interest' on the become-seller page (docs/accounts.md). */
@Injectable()
export class SellersService {
  constructor(private readonly sellers: SellersRepository) {}

  /**
   * Records the caller's interest in selling, once. The access guard has checked that the uid is the caller's own;
   * the e-mail must be the account's too, since invites are mailed there. The row keeps the account's username and
   * e-mail (the body's displayName is not stored: it is often empty, and admins know people by their username).
   */
  async showInterest(caller: Caller, body: ShowInterestBody): Promise<InterestOutcome> {
    const account = await this.sellers.account(caller.id);
    if (!account) throw new DomainError('not_allowed', ACCESS_MESSAGES.noAccount);
    if (account.email.toLowerCase() !== body.email.toLowerCase()) {
      throw new DomainError('not_allowed', ACCESS_MESSAGES.emailNotYours);
    }
    const recorded = await this.sellers.record(caller.id);
    return { recorded, message: recorded ? PEOPLE_MESSAGES.interestRecorded : PEOPLE_MESSAGES.interestAlreadyRecorded };
  }
}
