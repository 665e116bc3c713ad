import { Module } from '@nestjs/common';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountLanguageController } from './account-language.controller.js';
import { AccountLanguageRepository } from './account-language.repository.js';
import { AccountLanguageService } from './account-language.service.js';
import { AccountUsersController } from './account-users.controller.js';
import { AccountUsersRepository } from './account-users.repository.js';
import { AccountUsersService } from './account-users.service.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsRepository } from './accounts.repository.js';
import { OauthLoginService } from './oauth-login.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SignUpService } from './sign-up.service.js';

/**
 * The life of an account: sign-up, OAuth sign-in, password reset, deletion (routes under /api/auth and /api/user), and
 * the language of the user's mails and documents (/api/account/language).
 */
@Module({
  controllers: [AccountsController, AccountUsersController, AccountLanguageController],
  providers: [
    AccountsRepository,
    AccountUsersRepository,
    SignUpService,
    OauthLoginService,
    PasswordResetService,
    AccountDeletionService,
    AccountUsersService,
    AccountLanguageRepository,
    AccountLanguageService,
  ],
})
export class AccountsModule {}
