import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { showSellerInterest, type MessageAnswer, type ShowInterestBody } from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { SellersService } from './sellers.service.js';

/** Seller calls under /api/seller. */
@Controller()
export class SellersController {
  constructor(private readonly sellers: SellersService) {}

  /**
   * Records the caller's interest in selling: 201 the first time, 200 with its own message when it was recorded
   * before (a repeat is not a failure: the page shows 'Interest Recorded' either way).
   */
  @Endpoint(showSellerInterest)
  async showInterest(
    @Body() body: ShowInterestBody,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageAnswer> {
    const outcome = await this.sellers.showInterest(caller, body);
    void reply.status(outcome.recorded ? 201 : 200);
    return { message: outcome.message };
  }
}
