import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';
import type { Language } from '@mandi/domain';
import { languageOf } from '../mail/order-mails.repository.js';

/** Where an account's mail goes, the name it greets and the language it is written in. */
export interface MailableUser {
  readonly email: string;
  readonly username: string;
  readonly language: Language;
}

/** The worker's reads of users for account jobs. */
@Injectable()
export class AccountUsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** An active account that is not deleted; null otherwise (suspended and deleted accounts get no mail). */
  async findActive(id: number): Promise<MailableUser | null> {
    const user = await this.prisma.user.findFirst({
      where: { id, status: 'active', deletedAt: null },
      select: { email: true, username: true, language: true },
    });
    return user && { ...user, language: languageOf(user.language) };
  }

  /** The Firebase uid of a deleted account; null while the account is not deleted (or never existed). */
  async findDeletedFirebaseUid(id: number): Promise<string | null> {
    const user = await this.prisma.user.findFirst({
      where: { id, deletedAt: { not: null } },
      select: { firebaseUid: true },
    });
    return user?.firebaseUid ?? null;
  }

  /** Whether our user row exists for the Firebase account (create-user has run for it). */
  async existsForFirebaseUid(firebaseUid: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { firebaseUid } })) > 0;
  }
}
