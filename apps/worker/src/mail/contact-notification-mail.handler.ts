import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { PeopleMails } from './people-mails.js';
import { PeopleMailsRepository } from './people-mails.repository.js';

/** Mails each message of the contact page to the operators' inbox (CONTACT_INBOX). */
@Injectable()
@HandlesJob('mail.contact_notification')
export class ContactNotificationMailHandler extends JobHandler<EventPayload<'contact.message_received'>> {
  constructor(
    private readonly people: PeopleMailsRepository,
    private readonly mails: PeopleMails,
  ) {
    super();
  }

  async handle({ contactMessageId }: EventPayload<'contact.message_received'>): Promise<void> {
    const message = await this.people.findContactMessage(contactMessageId);
    if (!message) return;
    await this.mails.sendContactNotification(message);
  }
}
