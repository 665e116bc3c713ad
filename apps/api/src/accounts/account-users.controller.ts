import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  createUser,
  deleteAccount,
  getUserId,
  resetPassword,
  userExists,
  userStatus,
  type CreateUserAnswer,
  type CreateUserBody,
  type DeleteAccountParams,
  type EmailQuery,
  type GetUserIdAnswer,
  type GetUserIdBody,
  type MessageAnswer,
  type ResetPasswordBody,
  type UserExistsAnswer,
  type UserStatusAnswer,
} from '@mandi/contracts';
import { SIGN_UP_MESSAGES } from '@mandi/domain';
import { CurrentCaller, CurrentIdentity } from '../auth/caller.decorators.js';
import type { Caller, Identity } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountUsersService } from './account-users.service.js';
import { ClientAddress } from './client-address.decorator.js';
import { PasswordResetService } from './password-reset.service.js';
import { SignUpService } from './sign-up.service.js';

/** Account calls under /api/user. */
@Controller()
export class AccountUsersController {
  constructor(
    private readonly users: AccountUsersService,
    private readonly signUp: SignUpService,
    private readonly passwordReset: PasswordResetService,
    private readonly deletion: AccountDeletionService,
  ) {}

  /**
   * The user record of a verified identity: 201 {message, userId} when made, 409 when it exists already (the
   * verification page counts both as success).
   */
  @Endpoint(createUser)
  async createUser(
    @Body() body: CreateUserBody,
    @CurrentIdentity() identity: Identity,
    @ClientAddress() ipAddress: string,
  ): Promise<CreateUserAnswer> {
    const userId = await this.signUp.createUser(identity, body, ipAddress);
    return { message: SIGN_UP_MESSAGES.userCreated, userId: String(userId) };
  }

  /** 'active' or 'suspended' for an account's e-mail; 404 when there is none. Limited against enumeration. */
  @Endpoint(userStatus)
  userStatus(@Query() query: EmailQuery): Promise<UserStatusAnswer> {
    return this.users.statusByEmail(query.email);
  }

  /** Whether an account has this e-mail. Limited against enumeration. */
  @Endpoint(userExists)
  userExists(@Query() query: EmailQuery): Promise<UserExistsAnswer> {
    return this.users.existsByEmail(query.email);
  }

  /** Queues a reset mail for an active account; the same answer for any address. One per address per 120 s. */
  @Endpoint(resetPassword)
  resetPassword(@Body() body: ResetPasswordBody): Promise<MessageAnswer> {
    return this.passwordReset.requestReset(body.email);
  }

  /** Our user id and role for a uid: the caller's own (or any, for an admin; the access guard checks). */
  @Endpoint(getUserId)
  getUserId(@Body() body: GetUserIdBody, @CurrentCaller() caller: Caller): Promise<GetUserIdAnswer> {
    return this.users.getUserId(body.uid, caller);
  }

  /** Deletes the account of uid: the owner's own, or any for an admin (the access guard checks). */
  @Endpoint(deleteAccount)
  deleteAccount(@Param() params: DeleteAccountParams): Promise<MessageAnswer> {
    return this.deletion.deleteAccount(params.uid);
  }
}
