import { Module } from '@nestjs/common';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountUsersController } from './account-users.controller.js';
import { AccountUsersRepository } from './account-users.repository.js';
import { AccountUsersService } from './account-users.service.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsRepository } from './accounts.repository.js';
import { OauthLoginService } from './oauth-login.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SignUpService } from './sign-up.service.js';

/** The life of an account: sign-up, OAuth sign-in, password reset, deletion (routes under /api/auth and /api/user). */
@Module({
  controllers: [AccountsController, AccountUsersController],
  providers: [
    AccountsRepository,
    AccountUsersRepository,
    SignUpService,
    OauthLoginService,
    PasswordResetService,
    AccountDeletionService,
    AccountUsersService,
  ],
})
export class AccountsModule {}
