import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { AccountUsersRepository } from './account-users.repository.js';
import { IdentityRemovalHandler } from './identity-removal.handler.js';
import { SignupExpiryHandler } from './signup-expiry.handler.js';
import { SignupsRepository } from './signups.repository.js';

/** Account jobs: the end of the verification window and the removal of a deleted account's identity. */
@Module({
  imports: [IdentityModule],
  providers: [SignupsRepository, AccountUsersRepository, SignupExpiryHandler, IdentityRemovalHandler],
  exports: [SignupsRepository, AccountUsersRepository],
})
export class AccountsModule {}
