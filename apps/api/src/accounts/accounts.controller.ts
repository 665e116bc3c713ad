import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  checkUsernameQuerySchema,
  oauthLoginBodySchema,
  sendVerificationBodySchema,
  type CheckUsernameAnswer,
  type CheckUsernameQuery,
  type MessageAnswer,
  type OauthLoginAnswer,
  type OauthLoginBody,
  type SendVerificationBody,
} from '@mandi/contracts';
import { CurrentIdentity, IdentityOnly, Public } from '../auth/access.decorators.js';
import type { Identity } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { ACCOUNT_RATE_LIMITS } from './account.rate-limits.js';
import { ClientAddress } from './client-address.decorator.js';
import { OauthLoginService } from './oauth-login.service.js';
import { SignUpService } from './sign-up.service.js';

/** Sign-up and sign-in calls under /api/auth. */
@Controller('auth')
export class AccountsController {
  constructor(
    private readonly signUp: SignUpService,
    private readonly oauth: OauthLoginService,
  ) {}

  /** Whether a username (already checked against the username rules by the contract) is free. */
  @Get('check-username')
  @Public()
  async checkUsername(
    @Query(new ZodPipe(checkUsernameQuerySchema)) query: CheckUsernameQuery,
  ): Promise<CheckUsernameAnswer> {
    return { available: await this.signUp.isUsernameAvailable(query.username) };
  }

  /** Reserves the chosen username (displayName) for the verification window and queues the verification mail. */
  @Post('send-verification')
  @IdentityOnly()
  @RateLimit(ACCOUNT_RATE_LIMITS.sendVerification)
  @HttpCode(200)
  sendVerification(
    @Body(new ZodPipe(sendVerificationBodySchema)) body: SendVerificationBody,
    @CurrentIdentity() identity: Identity,
    @ClientAddress() ipAddress: string,
  ): Promise<MessageAnswer> {
    return this.signUp.sendVerification(identity, body, ipAddress);
  }

  /** Sign-in with an identity provider: 201 when it made the account, 200 for a returning user. */
  @Post('oauth-login')
  @IdentityOnly()
  async oauthLogin(
    @Body(new ZodPipe(oauthLoginBodySchema)) body: OauthLoginBody,
    @CurrentIdentity() identity: Identity,
    @ClientAddress() ipAddress: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OauthLoginAnswer> {
    const { answer, created } = await this.oauth.login(identity, body, ipAddress);
    void reply.status(created ? 201 : 200);
    return answer;
  }
}
