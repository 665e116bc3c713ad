import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { deleteFirebaseAccount, FIREBASE_AUTH } from '@mandi/identity';
import type { Auth } from 'firebase-admin/auth';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { AccountUsersRepository } from './account-users.repository.js';

/**
 * Deletes the Firebase account of a deleted user, so the address cannot sign in again, retried until Firebase
 * answers. An account that is gone already (the API may have removed it at once) counts as done.
 */
@Injectable()
@HandlesJob('account.remove_identity')
export class IdentityRemovalHandler extends JobHandler<EventPayload<'user.deleted'>> {
  constructor(
    private readonly users: AccountUsersRepository,
    @Inject(FIREBASE_AUTH) private readonly auth: Auth,
  ) {
    super();
  }

  async handle({ userId }: EventPayload<'user.deleted'>): Promise<void> {
    const firebaseUid = await this.users.findDeletedFirebaseUid(userId);
    // Not deleted (the deletion rolled back, or the row is unknown): nothing to remove.
    if (firebaseUid === null) return;
    await deleteFirebaseAccount(this.auth, firebaseUid);
  }
}
