import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  bulkInvitesBodySchema,
  type BulkInvitesBody,
  type InterestedSeller,
  type MessageAnswer,
} from '@mandi/contracts';
import { AdminOnly, CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AdminSellersService } from './admin-sellers.service.js';

/** The console's Interested Sellers tab. */
@Controller('admin')
@AdminOnly()
export class AdminSellersController {
  constructor(private readonly sellers: AdminSellersService) {}

  @Get('interested-sellers')
  list(): Promise<InterestedSeller[]> {
    return this.sellers.list();
  }

  /** Invites the selected sellers ({sellerIds}); answers {message}. The mails leave through the worker. */
  @Post('send-bulk-invites')
  @HttpCode(200)
  sendBulkInvites(
    @CurrentCaller() admin: Caller,
    @Body(new ZodPipe(bulkInvitesBodySchema)) body: BulkInvitesBody,
  ): Promise<MessageAnswer> {
    return this.sellers.invite(admin, body.sellerIds);
  }
}
