import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { PeopleMails } from './people-mails.js';
import { PeopleMailsRepository } from './people-mails.repository.js';

/**
 * Mails an interested seller the invite an admin sent from the console. A seller who is onboarded by the time the job
 * runs (or whose row is gone) gets nothing. Each seller.invited event is one mail: the job runner skips a redelivery.
 */
@Injectable()
@HandlesJob('mail.seller_invite')
export class SellerInviteMailHandler extends JobHandler<EventPayload<'seller.invited'>> {
  constructor(
    private readonly people: PeopleMailsRepository,
    private readonly mails: PeopleMails,
  ) {
    super();
  }

  async handle({ interestedSellerId }: EventPayload<'seller.invited'>): Promise<void> {
    const seller = await this.people.findInvitedSeller(interestedSellerId);
    if (!seller) return;
    // Sent last, after every check; a retry after a failed commit may resend, which is harmless for an invite.
    await this.mails.sendSellerInvite(seller);
  }
}
