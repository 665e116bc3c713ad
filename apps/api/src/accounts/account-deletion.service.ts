import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Auth } from 'firebase-admin/auth';
import { ACCESS_MESSAGES, DomainError, HEADER_MESSAGES } from '@mandi/domain';
import { publish } from '@mandi/events';
import { deleteFirebaseAccount, FIREBASE_AUTH } from '@mandi/identity';
import { CallerCache } from '../auth/caller-cache.js';
import { AccountsRepository } from './accounts.repository.js';

/**
 * Account deletion (docs/accounts.md): personal data goes, accounting records stay, the identity is removed.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly callers: CallerCache,
    @Inject(FIREBASE_AUTH) private readonly auth: Auth,
  ) {}

  /**
   * Deletes the account of `firebaseUid` in one transaction (user.deleted and product.deleted published with it),
   * then the Firebase account. Every replica's access guard refuses the uid from this answer on ({@link CallerCache}). Should Firebase fail here, the worker's job for user.deleted removes the identity.
   */
  async deleteAccount(firebaseUid: string): Promise<{ message: string }> {
    await this.accounts.transaction(async (tx) => {
      const user = await this.accounts.findByFirebaseUid(tx, firebaseUid);
      const deleted = user && (await this.accounts.deleteAccount(tx, user.id, firebaseUid));
      if (!user || !deleted) throw new DomainError('not_found', ACCESS_MESSAGES.noAccount);
      for (const productId of deleted.productIds)
        await publish(tx, { type: 'product.deleted', payload: { productId } });
      await publish(tx, { type: 'user.deleted', payload: { userId: user.id } });
    });
    await this.callers.changed(firebaseUid);

    try {
      await deleteFirebaseAccount(this.auth, firebaseUid);
    } catch (error) {
      this.logger.error({ err: error, firebaseUid }, 'Firebase account not deleted; the user.deleted job will retry');
    }
    return { message: HEADER_MESSAGES.deleteAccountSucceeded.text };
  }
}
