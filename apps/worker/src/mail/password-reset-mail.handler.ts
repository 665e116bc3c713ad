import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { FIREBASE_AUTH, isUserNotFound } from '@mandi/identity';
import type { Auth } from 'firebase-admin/auth';
import { AccountUsersRepository } from '../accounts/account-users.repository.js';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { AccountMails } from './account-mails.js';

/**
 * Mails an active account its password-reset link (made by firebase-admin). Suspended and deleted accounts get
 * nothing, and neither does an address Firebase does not know; the API's answer was the same in every case.
 */
@Injectable()
@HandlesJob('mail.password_reset')
export class PasswordResetMailHandler extends JobHandler<EventPayload<'account.password_reset_requested'>> {
  constructor(
    private readonly users: AccountUsersRepository,
    private readonly mails: AccountMails,
    @Inject(FIREBASE_AUTH) private readonly auth: Auth,
  ) {
    super();
  }

  async handle({ userId }: EventPayload<'account.password_reset_requested'>): Promise<void> {
    const user = await this.users.findActive(userId);
    if (!user) return;
    let link: string;
    try {
      link = await this.auth.generatePasswordResetLink(user.email, { url: this.mails.continueUrl });
    } catch (error) {
      if (isUserNotFound(error)) return;
      throw error;
    }
    // Sent last, after every check; a retry after a failed commit may resend, which is harmless for this mail.
    await this.mails.sendPasswordReset({ to: user.email, username: user.username, link, language: user.language });
  }
}
