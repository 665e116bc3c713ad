import { Body, Controller, Post } from '@nestjs/common';
import { contactBodySchema, type ContactBody, type MessageAnswer } from '@mandi/contracts';
import { Public } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { CONTACT_RATE_LIMIT } from './contact.rate-limits.js';
import { ContactService } from './contact.service.js';

/** POST /api/contact: anyone may write to us, a few times per address. */
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** 201 {message: 'Message sent successfully!'}; 400 naming the field that is wrong; 429 past the limit. */
  @Post()
  @Public()
  @RateLimit(CONTACT_RATE_LIMIT)
  send(@Body(new ZodPipe(contactBodySchema)) body: ContactBody): Promise<MessageAnswer> {
    return this.contact.receive(body);
  }
}
