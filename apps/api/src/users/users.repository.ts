import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** User rows, as the account calls read them. */
@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  findActiveByFirebaseUid(uid: string): Promise<{ id: number; role: 'user' | 'admin' } | null> {
    return this.prisma.user.findFirst({
      where: { firebaseUid: uid, deletedAt: null },
      select: { id: true, role: true },
    });
  }
}
