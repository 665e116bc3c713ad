import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** User rows, as the account calls read them. */
@Injectable()
export class AccountUsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  findActiveByFirebaseUid(uid: string): Promise<{ id: number; role: 'user' | 'admin' } | null> {
    return this.prisma.user.findFirst({
      where: { firebaseUid: uid, deletedAt: null },
      select: { id: true, role: true },
    });
  }

  /** The status of the account (not deleted) with `email`, any case; null when there is none. */
  async findStatusByEmail(email: string): Promise<'active' | 'suspended' | null> {
    const user = await this.prisma.user.findFirst({ where: { email, deletedAt: null }, select: { status: true } });
    return user?.status ?? null;
  }
}
