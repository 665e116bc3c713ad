import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** What the access guard needs to know about the user behind a token. */
export interface CallerRecord {
  id: number;
  uid: string;
  email: string;
  role: 'user' | 'admin';
  suspended: boolean;
  deleted: boolean;
}

/** Reads the user row behind a Firebase uid (one indexed lookup per authenticated request). */
@Injectable()
export class CallersRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findByFirebaseUid(uid: string): Promise<CallerRecord | null> {
    const user = await this.prisma.user.findUnique({
      where: { firebaseUid: uid },
      select: { id: true, firebaseUid: true, email: true, role: true, status: true, deletedAt: true },
    });
    if (!user) return null;
    return {
      id: user.id,
      uid: user.firebaseUid,
      email: user.email,
      role: user.role,
      suspended: user.status === 'suspended',
      deleted: user.deletedAt !== null,
    };
  }
}
