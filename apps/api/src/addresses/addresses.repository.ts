import { Injectable } from '@nestjs/common';
import { ID_ROW, Prisma, PrismaService, queryRows, sqlRow, type RowOf, type Transaction } from '@mandi/database';
import { ADDRESS_FIELDS, type AddressField, type AddressInput } from '@mandi/domain';

/** An address field's column: text, named as the field is. */
const FIELD_KINDS = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, 'text'])) as {
  [F in AddressField]: 'text';
};

/** An address as stored: its fields (columns named as the contract names them), its owner and its flags. */
const ADDRESS_ROW = sqlRow('address', {
  id: 'int',
  user_id: 'int',
  ...FIELD_KINDS,
  is_default: 'bool',
  is_deleted: 'bool',
});
/** A row of {@link ADDRESS_ROW}. */
export type AddressRow = RowOf<typeof ADDRESS_ROW>;

/** The columns of the address fields, named as the fields are. */
const FIELD_COLUMNS = Prisma.join(ADDRESS_FIELDS.map((field) => Prisma.raw(field)));

/** Every column of {@link AddressRow}. */
const ADDRESS_COLUMNS = Prisma.sql`id, user_id, ${FIELD_COLUMNS}, is_default, is_deleted`;

/** The values of the address fields, in {@link FIELD_COLUMNS}' order. */
const fieldValues = (fields: AddressInput): Prisma.Sql => Prisma.join(ADDRESS_FIELDS.map((field) => fields[field]));

/** Addresses in the addresses table: soft-deleted, at most one active default per user (a partial unique index). */
@Injectable()
export class AddressesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Runs `work` in one database transaction. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /** Whether user `userId` exists and is not deleted. */
  async userExists(userId: number): Promise<boolean> {
    return (await this.prisma.user.count({ where: { id: userId, deletedAt: null } })) > 0;
  }

  /**
   * Locks the user's row until the transaction ends, so changes to one address book queue up: two creates at once
   * cannot both see 9 addresses, nor both make the first default. False when there is no such user.
   */
  async lockOwner(tx: Transaction, userId: number): Promise<boolean> {
    const rows = await queryRows(
      tx,
      ID_ROW,
      Prisma.sql`SELECT id FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
    );
    return rows.length === 1;
  }

  /** A user's active addresses, oldest first (the list order, whose first one is the default after a delete). */
  active(userId: number, tx: Transaction | PrismaService = this.prisma): Promise<AddressRow[]> {
    return queryRows(
      tx,
      ADDRESS_ROW,
      Prisma.sql`
      SELECT ${ADDRESS_COLUMNS} FROM addresses
       WHERE user_id = ${userId} AND NOT is_deleted
       ORDER BY created_at, id`,
    );
  }

  /** The address `id`, deleted or not, or null. */
  async find(id: number, tx: Transaction | PrismaService = this.prisma): Promise<AddressRow | null> {
    const rows = await queryRows(
      tx,
      ADDRESS_ROW,
      Prisma.sql`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /** Adds an address to the user's book. */
  async insert(tx: Transaction, userId: number, fields: AddressInput, isDefault: boolean): Promise<AddressRow> {
    const rows = await queryRows(
      tx,
      ADDRESS_ROW,
      Prisma.sql`
      INSERT INTO addresses (user_id, ${FIELD_COLUMNS}, is_default)
      VALUES (${userId}, ${fieldValues(fields)}, ${isDefault})
      RETURNING ${ADDRESS_COLUMNS}`,
    );
    return rows[0]!;
  }

  /** Replaces an active address's fields; null when it is gone. */
  async update(tx: Transaction, id: number, fields: AddressInput): Promise<AddressRow | null> {
    const rows = await queryRows(
      tx,
      ADDRESS_ROW,
      Prisma.sql`
      UPDATE addresses
         SET (${FIELD_COLUMNS}) = ROW(${fieldValues(fields)}), updated_at = now()
       WHERE id = ${id} AND NOT is_deleted
      RETURNING ${ADDRESS_COLUMNS}`,
    );
    return rows[0] ?? null;
  }

  /**
   * Makes `id` the user's one default address: the current default (if another) stops being one first, so the
   * partial unique index never sees two.
   */
  async makeDefault(tx: Transaction, userId: number, id: number): Promise<void> {
    await tx.$executeRaw`
      UPDATE addresses SET is_default = false, updated_at = now()
       WHERE user_id = ${userId} AND is_default AND NOT is_deleted AND id <> ${id}`;
    await tx.$executeRaw`UPDATE addresses SET is_default = true, updated_at = now() WHERE id = ${id} AND NOT is_default`;
  }

  /** The user's active default stops being one (before a new address takes its place). */
  async clearDefault(tx: Transaction, userId: number): Promise<void> {
    await tx.$executeRaw`
      UPDATE addresses SET is_default = false, updated_at = now() WHERE user_id = ${userId} AND is_default AND NOT is_deleted`;
  }

  /** Marks an address deleted (orders keep their own copy); it stops being the default. */
  async softDelete(tx: Transaction, id: number): Promise<void> {
    await tx.$executeRaw`UPDATE addresses SET is_deleted = true, is_default = false, updated_at = now() WHERE id = ${id}`;
  }
}
