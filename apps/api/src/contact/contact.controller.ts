import { Body, Controller } from '@nestjs/common';
import { contactUs, type ContactBody, type MessageAnswer } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { ContactService } from './contact.service.js';

/** POST /api/contact: anyone may write to us, a few times per address. */
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** 201 {message: 'Message sent successfully!'}; 400 naming the field that is wrong; 429 past the limit. */
  @Endpoint(contactUs)
  send(@Body() body: ContactBody): Promise<MessageAnswer> {
    return this.contact.receive(body);
  }
}
