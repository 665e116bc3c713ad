import { Injectable } from '@nestjs/common';
import { rowIdOf, type InterestedSeller, type MessageAnswer } from '@mandi/contracts';
import { DomainError, PEOPLE_MESSAGES, invitesSentMessage, validateInviteSelection } from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { AdminSellersRepository } from './admin-sellers.repository.js';

/** The console's Interested Sellers tab: the list and bulk invites (docs/console.md). */
@Injectable()
export class AdminSellersService {
  constructor(private readonly sellers: AdminSellersRepository) {}

  /** Every interested seller, the most recent interest first. */
  async list(): Promise<InterestedSeller[]> {
    const rows = await this.sellers.list();
    return rows.map((row) => ({
      id: String(row.id),
      username: row.username,
      email: row.email,
      status: row.status,
      interest_date: row.interest_date.toISOString(),
      invite_sent: row.invite_sent,
    }));
  }

  /**
   * Invites the selected sellers: each is marked invited and gets one invite mail through the outbox and the worker.
   * 400 without a selection, 404 (nothing changed) when an id names no seller, 409 when all of them are onboarded.
   */
  async invite(admin: Caller, sellerIds: readonly string[]): Promise<MessageAnswer> {
    const problem = validateInviteSelection(sellerIds);
    if (problem) throw new DomainError('invalid_data', problem.text, { fields: { [problem.field]: problem.text } });
    const ids = sellerIds.map((id) => rowIdOf(id));
    if (ids.includes(null)) throw new DomainError('not_found', PEOPLE_MESSAGES.sellerNotFound);

    const outcome = await this.sellers.invite(ids as number[], admin.id);
    if (outcome.kind === 'unknown_sellers') throw new DomainError('not_found', PEOPLE_MESSAGES.sellerNotFound);
    if (outcome.invited === 0) throw new DomainError('conflict', PEOPLE_MESSAGES.allOnboarded);
    return { message: invitesSentMessage(outcome.invited, outcome.onboarded) };
  }
}
