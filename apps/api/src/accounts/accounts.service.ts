import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** Account rules that need the database. */
@Injectable()
export class AccountsService {
  constructor(private readonly prisma: PrismaService) {}

  /** Usernames are unique case-insensitively (the column is citext), including those of deleted accounts. */
  async isUsernameAvailable(username: string): Promise<boolean> {
    const taken = await this.prisma.user.findUnique({ where: { username }, select: { id: true } });
    return taken === null;
  }
}
