import { Body, Controller } from '@nestjs/common';
import {
  interestedSellers,
  sendBulkInvites,
  type BulkInvitesBody,
  type InterestedSeller,
  type MessageAnswer,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminSellersService } from './admin-sellers.service.js';

/** The console's Interested Sellers tab. */
@Controller()
export class AdminSellersController {
  constructor(private readonly sellers: AdminSellersService) {}

  @Endpoint(interestedSellers)
  list(): Promise<InterestedSeller[]> {
    return this.sellers.list();
  }

  /** Invites the selected sellers ({sellerIds}); answers {message}. The mails leave through the worker. */
  @Endpoint(sendBulkInvites)
  sendBulkInvites(@CurrentCaller() admin: Caller, @Body() body: BulkInvitesBody): Promise<MessageAnswer> {
    return this.sellers.invite(admin, body.sellerIds);
  }
}
