import { Injectable } from '@nestjs/common';
import type { ContactBody, MessageAnswer } from '@mandi/contracts';
import { CONTACT_MESSAGES } from '@mandi/domain';
import { ContactRepository } from './contact.repository.js';

/** The contact page's form (docs/frontends.md). */
@Injectable()
export class ContactService {
  constructor(private readonly messages: ContactRepository) {}

  /** Keeps the message and queues its notification to the operators' inbox (CONTACT_INBOX). */
  async receive(message: ContactBody): Promise<MessageAnswer> {
    await this.messages.store(message);
    return { message: CONTACT_MESSAGES.sent };
  }
}
