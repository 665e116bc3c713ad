import { Injectable } from '@nestjs/common';
import type { AdminUser } from '@mandi/contracts';
import { PrismaService } from '@mandi/database';

/** Users as the console lists them, newest first; deleted accounts are not listed. */
@Injectable()
export class AdminUsersService {
  constructor(private readonly prisma: PrismaService) {}

  async list(): Promise<AdminUser[]> {
    const users = await this.prisma.user.findMany({
      where: { deletedAt: null },
      orderBy: { createdAt: 'desc' },
      select: { id: true, firebaseUid: true, username: true, email: true, createdAt: true, status: true, role: true },
    });
    return users.map((user) => ({
      id: String(user.id),
      uid: user.firebaseUid,
      username: user.username,
      email: user.email,
      created_at: user.createdAt.toISOString(),
      status: user.status,
      role: user.role,
    }));
  }
}
