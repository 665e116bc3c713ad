import { Injectable } from '@nestjs/common';
import { FORGOT_PASSWORD_MESSAGES } from '@mandi/domain';
import { publish } from '@mandi/events';
import { AccountsRepository } from './accounts.repository.js';

/** Password reset requests. Firebase owns the password; the worker mails its reset link. */
@Injectable()
export class PasswordResetService {
  constructor(private readonly accounts: AccountsRepository) {}

  /**
   * Asks the worker (account.password_reset_requested) to mail a reset link when `email` belongs to an active
   * account. The answer is the same either way, so it tells nobody whether the address is registered.
   */
  async requestReset(email: string): Promise<{ message: string }> {
    await this.accounts.transaction(async (tx) => {
      const userId = await this.accounts.findActiveIdByEmail(tx, email);
      if (userId !== null) await publish(tx, { type: 'account.password_reset_requested', payload: { userId } });
    });
    return { message: FORGOT_PASSWORD_MESSAGES.sent };
  }
}
