import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** Where an account's mail goes and the name it greets. */
export interface MailableUser {
  readonly email: string;
  readonly username: string;
}

/** The worker's reads of users for account jobs. */
@Injectable()
export class AccountUsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** An active account that is not deleted; null otherwise (suspended and deleted accounts get no mail). */
  async findActive(id: number): Promise<MailableUser | null> {
    return this.prisma.user.findFirst({
      where: { id, status: 'active', deletedAt: null },
      select: { email: true, username: true },
    });
  }

  /** The Firebase uid of a deleted account; null while the account is not deleted (or never existed). */
  async findDeletedFirebaseUid(id: number): Promise<string | null> {
    const user = await this.prisma.user.findFirst({ where: { id, deletedAt: { not: null } }, select: { firebaseUid: true } });
    return user?.firebaseUid ?? null;
  }

  /** Whether our user row exists for the Firebase account (create-user has run for it). */
  async existsForFirebaseUid(firebaseUid: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { firebaseUid } })) > 0;
  }
}
