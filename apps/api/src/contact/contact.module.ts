import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller.js';
import { ContactRepository } from './contact.repository.js';
import { ContactService } from './contact.service.js';

/** The contact form (docs/frontends.md: /contactus). */
@Module({ controllers: [ContactController], providers: [ContactService, ContactRepository] })
export class ContactModule {}
