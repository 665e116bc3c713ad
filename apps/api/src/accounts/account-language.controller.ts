import { Body, Controller } from '@nestjs/common';
import { setAccountLanguage, type AccountLanguageBody } from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AccountLanguageService } from './account-language.service.js';

/** The signed-in user's own account settings under /api/account. */
@Controller()
export class AccountLanguageController {
  constructor(private readonly languages: AccountLanguageService) {}

  /** Saves the language of the caller's mails and documents: 204; 400 for a language Mandi does not speak. */
  @Endpoint(setAccountLanguage)
  async save(@Body() body: AccountLanguageBody, @CurrentCaller() caller: Caller): Promise<void> {
    await this.languages.save(caller, body.language);
  }
}
