import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { PeopleMails } from './people-mails.js';
import { PeopleMailsRepository } from './people-mails.repository.js';

/**
 * Mails a seller that Mandi approved their business profile (issue 31). Nothing when the seller has sent the profile
 * again since (it is pending review once more). Each event is one mail: the job runner skips a redelivery.
 */
@Injectable()
@HandlesJob('mail.seller_profile_approved')
export class SellerProfileApprovedMailHandler extends JobHandler<EventPayload<'seller_profile.approved'>> {
  constructor(
    private readonly people: PeopleMailsRepository,
    private readonly mails: PeopleMails,
  ) {
    super();
  }

  async handle({ userId }: EventPayload<'seller_profile.approved'>): Promise<void> {
    const seller = await this.people.findReviewedSeller(userId, 'approved');
    if (seller) await this.mails.sendSellerProfileReview(seller, 'approved');
  }
}

/** Mails a seller why their business profile was rejected, with the link to correct it; as above otherwise. */
@Injectable()
@HandlesJob('mail.seller_profile_rejected')
export class SellerProfileRejectedMailHandler extends JobHandler<EventPayload<'seller_profile.rejected'>> {
  constructor(
    private readonly people: PeopleMailsRepository,
    private readonly mails: PeopleMails,
  ) {
    super();
  }

  async handle({ userId }: EventPayload<'seller_profile.rejected'>): Promise<void> {
    const seller = await this.people.findReviewedSeller(userId, 'rejected');
    if (seller) await this.mails.sendSellerProfileReview(seller, 'rejected');
  }
}
