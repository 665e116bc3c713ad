import { Body, Controller, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  checkUsername,
  oauthLogin,
  sendVerification,
  type CheckUsernameAnswer,
  type CheckUsernameQuery,
  type MessageAnswer,
  type OauthLoginAnswer,
  type OauthLoginBody,
  type SendVerificationBody,
} from '@mandi/contracts';
import { CurrentIdentity } from '../auth/caller.decorators.js';
import type { Identity } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { ClientAddress } from './client-address.decorator.js';
import { OauthLoginService } from './oauth-login.service.js';
import { SignUpService } from './sign-up.service.js';

/** Sign-up and sign-in calls under /api/auth. */
@Controller()
export class AccountsController {
  constructor(
    private readonly signUp: SignUpService,
    private readonly oauth: OauthLoginService,
  ) {}

  /** Whether a username (already checked against the username rules by the contract) is free. */
  @Endpoint(checkUsername)
  async checkUsername(@Query() query: CheckUsernameQuery): Promise<CheckUsernameAnswer> {
    return { available: await this.signUp.isUsernameAvailable(query.username) };
  }

  /** Reserves the chosen username (displayName) for the verification window and queues the verification mail. */
  @Endpoint(sendVerification)
  sendVerification(
    @Body() body: SendVerificationBody,
    @CurrentIdentity() identity: Identity,
    @ClientAddress() ipAddress: string,
  ): Promise<MessageAnswer> {
    return this.signUp.sendVerification(identity, body, ipAddress);
  }

  /** Sign-in with an identity provider: 201 when it made the account, 200 for a returning user. */
  @Endpoint(oauthLogin)
  async oauthLogin(
    @Body() body: OauthLoginBody,
    @CurrentIdentity() identity: Identity,
    @ClientAddress() ipAddress: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OauthLoginAnswer> {
    const { answer, created } = await this.oauth.login(identity, body, ipAddress);
    void reply.status(created ? 201 : 200);
    return answer;
  }
}
