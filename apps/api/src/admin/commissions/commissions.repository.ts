import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { ProductCategory } from '@mandi/domain';
import { auditInsertSql } from '@mandi/events';

/** A rule as the console lists it. */
const RULE_ROW = sqlRow('commission rule', {
  category: 'product_category | null',
  uid: 'text | null',
  username: 'text | null',
  percent_basis_points: 'int',
  fixed_fee_paise: 'int',
  updated_at: 'timestamptz',
  updated_by: 'text | null',
});
/** A row of {@link RULE_ROW}. */
export type CommissionRuleRow = RowOf<typeof RULE_ROW>;

/** The rules of `from` (the table, or a CTE of the rows a write returned) as {@link RULE_ROW}s: with whose and who set them. */
const ruleRows = (from: 'commission_rules' | 'r') => Prisma.sql`
  SELECT r.category, s.firebase_uid AS uid, s.username::text AS username,
         r.percent_basis_points, r.fixed_fee_paise, r.updated_at, a.username::text AS updated_by
    FROM ${Prisma.raw(from)} r LEFT JOIN users s ON s.id = r.seller_id LEFT JOIN users a ON a.id = r.updated_by`;

/** A rule's figures, as the audit trail records them before and after a change. */
const figures = (alias: string) =>
  Prisma.sql`jsonb_build_object('percent_basis_points', ${Prisma.raw(alias)}.percent_basis_points,
                                'fixed_fee_paise', ${Prisma.raw(alias)}.fixed_fee_paise)`;

/**
 * Mandi's commission rules (docs/commissions.md). Each write is one statement with its audit row, so the trail
 * names exactly the changes made; checkout never reads them here (the order_items_commission trigger does).
 */
@Injectable()
export class CommissionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every category's rule, in the categories' order, then every seller's own, by username. */
  rules(): Promise<CommissionRuleRow[]> {
    return queryRows(
      this.prisma,
      RULE_ROW,
      Prisma.sql`${ruleRows('commission_rules')} ORDER BY r.seller_id IS NOT NULL, r.category, s.username`,
    );
  }

  /** Sets a category's rule (every category has one) and records the change. */
  async setCategory(
    category: ProductCategory,
    basisPoints: number,
    feePaise: number,
    adminId: number,
  ): Promise<CommissionRuleRow> {
    const [row] = await queryRows(
      this.prisma,
      RULE_ROW,
      Prisma.sql`
      WITH before AS (
        SELECT * FROM commission_rules WHERE category = ${category}::product_category FOR UPDATE
      ), r AS (
        UPDATE commission_rules c SET percent_basis_points = ${basisPoints}, fixed_fee_paise = ${feePaise},
               updated_at = now(), updated_by = ${adminId}
          FROM before WHERE c.id = before.id
        RETURNING c.*
      ), changed AS (
        SELECT r.id, ${figures('before')} AS was, ${figures('r')} AS now FROM r JOIN before ON before.id = r.id
      ), audited AS (${auditInsertSql({
        adminId,
        action: 'commission.set_category',
        from: 'changed',
        objectId: 'id',
        before: Prisma.sql`changed.was`,
        after: Prisma.sql`changed.now`,
      })})
      ${ruleRows('r')}`,
    );
    return row!;
  }

  /** Sets seller `uid`'s own rule, made or changed, and records the change; null for no such seller. */
  async setSeller(
    uid: string,
    basisPoints: number,
    feePaise: number,
    adminId: number,
  ): Promise<CommissionRuleRow | null> {
    const [row] = await queryRows(
      this.prisma,
      RULE_ROW,
      Prisma.sql`
      WITH seller AS (
        SELECT id FROM users WHERE firebase_uid = ${uid} AND deleted_at IS NULL
      ), before AS (
        SELECT c.* FROM commission_rules c JOIN seller ON c.seller_id = seller.id
      ), r AS (
        INSERT INTO commission_rules (seller_id, percent_basis_points, fixed_fee_paise, updated_by)
        SELECT id, ${basisPoints}, ${feePaise}, ${adminId} FROM seller
        ON CONFLICT (seller_id) DO UPDATE
          SET percent_basis_points = EXCLUDED.percent_basis_points, fixed_fee_paise = EXCLUDED.fixed_fee_paise,
              updated_at = now(), updated_by = EXCLUDED.updated_by
        RETURNING *
      ), changed AS (
        SELECT r.id, (SELECT ${figures('before')} FROM before) AS was, ${figures('r')} AS now FROM r
      ), audited AS (${auditInsertSql({
        adminId,
        action: 'commission.set_seller',
        from: 'changed',
        objectId: 'id',
        before: Prisma.sql`changed.was`,
        after: Prisma.sql`changed.now`,
      })})
      ${ruleRows('r')}`,
    );
    return row ?? null;
  }

  /** Removes seller `uid`'s own rule and records it; false when they had none (or there is no such seller). */
  async clearSeller(uid: string, adminId: number): Promise<boolean> {
    const [row] = await queryRows(
      this.prisma,
      CLEARED_ROW,
      Prisma.sql`
      WITH removed AS (
        DELETE FROM commission_rules c USING users u
         WHERE c.seller_id = u.id AND u.firebase_uid = ${uid}
        RETURNING c.id, c.percent_basis_points, c.fixed_fee_paise
      ), audited AS (${auditInsertSql({
        adminId,
        action: 'commission.clear_seller',
        from: 'removed',
        objectId: 'id',
        before: figures('removed'),
      })})
      SELECT count(*)::int AS removed FROM removed`,
    );
    return row!.removed > 0;
  }
}

/** How many rules were removed (0 or 1). */
const CLEARED_ROW = sqlRow('cleared commission', { removed: 'int' });
