import { Body, Controller, HttpCode, Put } from '@nestjs/common';
import { accountLanguageBodySchema, type AccountLanguageBody } from '@mandi/contracts';
import { CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AccountLanguageService } from './account-language.service.js';

/** The signed-in user's own account settings under /api/account. */
@Controller('account')
export class AccountLanguageController {
  constructor(private readonly languages: AccountLanguageService) {}

  /** Saves the language of the caller's mails and documents: 204; 400 for a language Mandi does not speak. */
  @Put('language')
  @HttpCode(204)
  async save(
    @Body(new ZodPipe(accountLanguageBodySchema)) body: AccountLanguageBody,
    @CurrentCaller() caller: Caller,
  ): Promise<void> {
    await this.languages.save(caller, body.language);
  }
}
