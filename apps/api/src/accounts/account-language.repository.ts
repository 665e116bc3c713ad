import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';
import type { Language } from '@mandi/domain';

/** The language column of users: what the worker writes the user's mails and documents in. */
@Injectable()
export class AccountLanguageRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Sets the language of user `userId` (a CHECK allows only the languages Mandi speaks). */
  async save(userId: number, language: Language): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: { language }, select: { id: true } });
  }
}
