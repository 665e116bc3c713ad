import { Body, Controller, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { showInterestBodySchema, type MessageAnswer, type ShowInterestBody } from '@mandi/contracts';
import { CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { SellersService } from './sellers.service.js';

/** Seller calls under /api/seller. */
@Controller('seller')
export class SellersController {
  constructor(private readonly sellers: SellersService) {}

  /**
   * Records the caller's interest in selling: 201 the first time, 200 with its own message when it was recorded
   * before (a repeat is not a failure: the page shows 'Interest Recorded' either way).
   */
  @Post('show-interest')
  async showInterest(
    @Body(new ZodPipe(showInterestBodySchema)) body: ShowInterestBody,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageAnswer> {
    const outcome = await this.sellers.showInterest(caller, body);
    if (!outcome.recorded) void reply.status(200);
    return { message: outcome.message };
  }
}
