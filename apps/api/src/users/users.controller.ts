import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { getUserIdBodySchema, type GetUserIdBody, type GetUserIdAnswer } from '@mandi/contracts';
import { CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { UsersService } from './users.service.js';

/** Account calls under /api/user. */
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** Our user id and role for a uid: the caller's own (or any, for an admin; the access guard checks). */
  @Post('getUserId')
  @HttpCode(200)
  getUserId(
    @Body(new ZodPipe(getUserIdBodySchema)) body: GetUserIdBody,
    @CurrentCaller() caller: Caller,
  ): Promise<GetUserIdAnswer> {
    return this.users.getUserId(body.uid, caller);
  }
}
