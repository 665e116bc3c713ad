import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { deleteFirebaseAccount, FIREBASE_AUTH, findFirebaseAccount } from '@mandi/identity';
import type { Auth } from 'firebase-admin/auth';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { AccountUsersRepository } from './account-users.repository.js';
import { SignupsRepository } from './signups.repository.js';

/**
 * The server's end of the 90-second verification window (runs 30 s after it, see `signup.expire` in
 * libs/events): a sign-up that did not become a user is deleted from Firebase and its username reservation
 * removed, so the address and the name are free again. The verification page does the same in the browser; this
 * covers a closed tab, including one closed after the address was verified but before the page made the user
 * record (such an account could otherwise neither sign in, having no record, nor sign up again, its address being
 * taken).
 */
@Injectable()
@HandlesJob('signup.expire')
export class SignupExpiryHandler extends JobHandler<EventPayload<'signup.verification_requested'>> {
  constructor(
    private readonly signups: SignupsRepository,
    private readonly users: AccountUsersRepository,
    @Inject(FIREBASE_AUTH) private readonly auth: Auth,
  ) {
    super();
  }

  async handle({ signupId }: EventPayload<'signup.verification_requested'>, { finish }: JobContext): Promise<void> {
    const signup = await this.signups.findForExpiry(signupId);
    // Gone: create-user consumed it, or an earlier run removed it. Open: a new mail moved the window, and the job
    // of that mail's event decides later.
    if (!signup || signup.open) return;

    // No transaction is held across the Firebase calls. Firebase first: if the recording below then fails, the retry
    // finds no account and only removes the row. A user row made meanwhile means the sign-up finished: create-user
    // normally removes the reservation itself, and the account stays.
    if (!(await this.users.existsForFirebaseUid(signup.firebaseUid))) {
      const account = await findFirebaseAccount(this.auth, signup.firebaseUid);
      if (account) await deleteFirebaseAccount(this.auth, account.uid);
    }
    await finish((tx) => this.signups.delete(tx, signupId));
  }
}
