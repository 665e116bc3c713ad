import { Injectable } from '@nestjs/common';
import { narrowed, prepared, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';

/** What the access guard needs to know about the user behind a token. */
export interface CallerRecord {
  id: number;
  uid: string;
  email: string;
  role: 'user' | 'admin';
  suspended: boolean;
  deleted: boolean;
}

/** The user row behind a Firebase uid, as the guard reads it. */
const CALLER_ROW = sqlRow('caller', {
  id: 'int',
  email: 'text',
  role: narrowed<'user' | 'admin'>('text'),
  suspended: 'bool',
  deleted: 'bool',
});

/** Reads the user row behind a Firebase uid (one indexed lookup per authenticated request). */
@Injectable()
export class CallersRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findByFirebaseUid(uid: string): Promise<CallerRecord | null> {
    // Raw SQL: this runs before every authenticated request, and a model query costs Prisma's query compiler more
    // CPU than the lookup itself costs PostgreSQL.
    const rows = await queryRows(
      this.prisma,
      CALLER_ROW,
      prepared(Prisma.sql`
      SELECT id, email::text AS email, role::text AS role, status = 'suspended' AS suspended, deleted_at IS NOT NULL AS deleted
        FROM users WHERE firebase_uid = ${uid}`),
    );
    const user = rows[0];
    return user ? { ...user, uid } : null;
  }
}
