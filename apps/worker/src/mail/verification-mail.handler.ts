import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { FIREBASE_AUTH, isUserNotFound } from '@mandi/identity';
import type { Auth } from 'firebase-admin/auth';
import { SignupsRepository } from '../accounts/signups.repository.js';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { AccountMails } from './account-mails.js';

/**
 * Mails a new account its verification link (made by firebase-admin), while its window is open. A sign-up that is
 * gone or past its window gets nothing: the link would only lead to an account about to be removed.
 */
@Injectable()
@HandlesJob('mail.verification')
export class VerificationMailHandler extends JobHandler<EventPayload<'signup.verification_requested'>> {
  constructor(
    private readonly signups: SignupsRepository,
    private readonly mails: AccountMails,
    @Inject(FIREBASE_AUTH) private readonly auth: Auth,
  ) {
    super();
  }

  async handle({ signupId }: EventPayload<'signup.verification_requested'>): Promise<void> {
    const signup = await this.signups.findOpen(signupId);
    if (!signup) return;
    let link: string;
    try {
      link = await this.auth.generateEmailVerificationLink(signup.email, { url: this.mails.continueUrl });
    } catch (error) {
      // The account was removed meanwhile (the page timed out, or the user gave up): nobody to verify.
      if (isUserNotFound(error)) return;
      throw error;
    }
    // Sent last, after every check: a failure before it sends nothing; a failed commit after it resends on retry,
    // which is harmless for this mail.
    await this.mails.sendVerification({ to: signup.email, username: signup.username, link });
  }
}
