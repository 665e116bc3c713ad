import { Injectable } from '@nestjs/common';
import type { Language } from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { AccountLanguageRepository } from './account-language.repository.js';

/**
 * The language a user reads Mandi in (issue 18), saved by the storefront when the user switches: the worker writes
 * their mails, and prints the invoices and credit notes of their orders, in it. A caller sets only their own.
 */
@Injectable()
export class AccountLanguageService {
  constructor(private readonly languages: AccountLanguageRepository) {}

  async save(caller: Caller, language: Language): Promise<void> {
    await this.languages.save(caller.id, language);
  }
}
