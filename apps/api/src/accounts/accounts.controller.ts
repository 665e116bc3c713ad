import { Controller, Get, Query } from '@nestjs/common';
import { checkUsernameQuerySchema, type CheckUsernameQuery, type CheckUsernameAnswer } from '@mandi/contracts';
import { Public } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AccountsService } from './accounts.service.js';

/** Sign-up and sign-in calls under /api/auth. */
@Controller('auth')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  /** Whether a username (already checked against the username rules by the contract) is free. */
  @Get('check-username')
  @Public()
  async checkUsername(
    @Query(new ZodPipe(checkUsernameQuerySchema)) query: CheckUsernameQuery,
  ): Promise<CheckUsernameAnswer> {
    return { available: await this.accounts.isUsernameAvailable(query.username) };
  }
}
