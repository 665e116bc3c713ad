import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { AddressInput, BusinessKind, SellerReviewStatus } from '@mandi/domain';
import { auditInsertSql, outboxInsertSql } from '@mandi/events';

/** The columns a profile's answer is made of, sealed values included (the service opens or masks them). */
const PROFILE_COLUMNS = Prisma.sql`
  u.firebase_uid AS uid, p.user_id, p.legal_name, p.business_kind,
  p.pan_sealed, p.pan_last4, p.gstin_sealed, p.gstin_last4, p.fssai_number,
  p.pickup_name, p.pickup_mobile, p.pickup_flat_house_building, p.pickup_area_or_street_or_village, p.pickup_landmark,
  p.pickup_taluk, p.pickup_district, p.pickup_state, p.pickup_pincode,
  p.bank_account_holder, p.bank_account_sealed, p.bank_account_last4, p.ifsc, p.bank_name,
  p.status, p.rejection_reason, p.submitted_at, p.reviewed_at`;

const PROFILE_ROW = sqlRow('seller profile', {
  uid: 'text',
  user_id: 'int',
  legal_name: 'text',
  business_kind: 'business_kind',
  pan_sealed: 'bytea',
  pan_last4: 'text',
  gstin_sealed: 'bytea | null',
  gstin_last4: 'text | null',
  fssai_number: 'text | null',
  pickup_name: 'text',
  pickup_mobile: 'text',
  pickup_flat_house_building: 'text',
  pickup_area_or_street_or_village: 'text',
  pickup_landmark: 'text',
  pickup_taluk: 'text',
  pickup_district: 'text',
  pickup_state: 'text',
  pickup_pincode: 'text',
  bank_account_holder: 'text',
  bank_account_sealed: 'bytea',
  bank_account_last4: 'text',
  ifsc: 'text',
  bank_name: 'text',
  status: 'seller_review_status',
  rejection_reason: 'text | null',
  submitted_at: 'timestamptz',
  reviewed_at: 'timestamptz | null',
});
/** A seller_profiles row with its owner's uid. */
export type SellerProfileRow = RowOf<typeof PROFILE_ROW>;

const SUMMARY_ROW = sqlRow('seller profile summary', {
  uid: 'text',
  username: 'text',
  email: 'text',
  legal_name: 'text',
  business_kind: 'business_kind',
  gst_registered: 'bool',
  state: 'text',
  status: 'seller_review_status',
  submitted_at: 'timestamptz',
  reviewed_at: 'timestamptz | null',
});
/** A row of the console's review list. */
export type SellerProfileSummaryRow = RowOf<typeof SUMMARY_ROW>;

/** The profile as it is saved: identifiers sealed, each with its last four characters. */
export interface SellerProfileColumns {
  legalName: string;
  businessKind: BusinessKind;
  panSealed: Uint8Array;
  panLast4: string;
  gstinSealed: Uint8Array | null;
  gstinLast4: string | null;
  fssaiNumber: string | null;
  pickup: AddressInput;
  bankAccountHolder: string;
  bankAccountSealed: Uint8Array;
  bankAccountLast4: string;
  ifsc: string;
  bankName: string;
}

/** How a review went: done, no profile, or the profile was not pending (someone reviewed it, or it changed). */
export type ReviewOutcome = { kind: 'reviewed' } | { kind: 'not_found' } | { kind: 'not_pending' };

const REVIEW_ROW = sqlRow('seller profile review', { found: 'bool', reviewed: 'bool' });

/** Sellers' business profiles (issue 31): one per user, each write one statement with its audit and outbox rows. */
@Injectable()
export class SellerProfilesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The profile of `uid`, or null. With `readBy` (an admin who is not the owner), the read is written to the audit
   * trail in the same statement: no admin sees a profile without a row saying so.
   */
  async find(uid: string, readBy?: number): Promise<SellerProfileRow | null> {
    const select = Prisma.sql`SELECT ${PROFILE_COLUMNS} FROM seller_profiles p JOIN users u ON u.id = p.user_id
                               WHERE u.firebase_uid = ${uid} AND u.deleted_at IS NULL`;
    if (readBy === undefined) return (await queryRows(this.prisma, PROFILE_ROW, select))[0] ?? null;
    const [row] = await queryRows(
      this.prisma,
      PROFILE_ROW,
      Prisma.sql`WITH profile AS (${select}),
        audited AS (${auditInsertSql({ adminId: readBy, action: 'seller_profile.read', from: 'profile', objectId: 'user_id' })})
        SELECT * FROM profile`,
    );
    return row ?? null;
  }

  /**
   * Saves the profile of `userId` and puts it in the review queue (pending, submitted now), whatever its state was:
   * a changed PAN or bank account must be looked at again.
   */
  async save(userId: number, columns: SellerProfileColumns): Promise<SellerProfileRow> {
    const c = columns;
    const a = c.pickup;
    const [row] = await queryRows(
      this.prisma,
      PROFILE_ROW,
      Prisma.sql`
      WITH saved AS (
        INSERT INTO seller_profiles AS p (
          user_id, legal_name, business_kind, pan_sealed, pan_last4, gstin_sealed, gstin_last4, fssai_number,
          pickup_name, pickup_mobile, pickup_flat_house_building, pickup_area_or_street_or_village, pickup_landmark,
          pickup_taluk, pickup_district, pickup_state, pickup_pincode,
          bank_account_holder, bank_account_sealed, bank_account_last4, ifsc, bank_name)
        VALUES (${userId}, ${c.legalName}, ${c.businessKind}::business_kind, ${c.panSealed}, ${c.panLast4},
                ${c.gstinSealed}, ${c.gstinLast4}, ${c.fssaiNumber},
                ${a.name}, ${a.mobile}, ${a.flat_house_building}, ${a.area_or_street_or_village}, ${a.landmark},
                ${a.taluk}, ${a.district}, ${a.state}, ${a.pincode},
                ${c.bankAccountHolder}, ${c.bankAccountSealed}, ${c.bankAccountLast4}, ${c.ifsc}, ${c.bankName})
        ON CONFLICT (user_id) DO UPDATE SET
          legal_name = EXCLUDED.legal_name, business_kind = EXCLUDED.business_kind,
          pan_sealed = EXCLUDED.pan_sealed, pan_last4 = EXCLUDED.pan_last4,
          gstin_sealed = EXCLUDED.gstin_sealed, gstin_last4 = EXCLUDED.gstin_last4, fssai_number = EXCLUDED.fssai_number,
          pickup_name = EXCLUDED.pickup_name, pickup_mobile = EXCLUDED.pickup_mobile,
          pickup_flat_house_building = EXCLUDED.pickup_flat_house_building,
          pickup_area_or_street_or_village = EXCLUDED.pickup_area_or_street_or_village,
          pickup_landmark = EXCLUDED.pickup_landmark, pickup_taluk = EXCLUDED.pickup_taluk,
          pickup_district = EXCLUDED.pickup_district, pickup_state = EXCLUDED.pickup_state,
          pickup_pincode = EXCLUDED.pickup_pincode, bank_account_holder = EXCLUDED.bank_account_holder,
          bank_account_sealed = EXCLUDED.bank_account_sealed, bank_account_last4 = EXCLUDED.bank_account_last4,
          ifsc = EXCLUDED.ifsc, bank_name = EXCLUDED.bank_name,
          status = 'pending', rejection_reason = NULL, reviewed_at = NULL, reviewed_by = NULL,
          submitted_at = now(), updated_at = now()
        RETURNING p.*)
      SELECT ${PROFILE_COLUMNS} FROM saved p JOIN users u ON u.id = p.user_id`,
    );
    return row!;
  }

  /** Profiles in `status`, the longest waiting first (for reviewed ones, the latest review first). */
  list(status: SellerReviewStatus): Promise<SellerProfileSummaryRow[]> {
    const order =
      status === 'pending' ? Prisma.sql`p.submitted_at, p.user_id` : Prisma.sql`p.reviewed_at DESC, p.user_id`;
    return queryRows(
      this.prisma,
      SUMMARY_ROW,
      Prisma.sql`
      SELECT u.firebase_uid AS uid, u.username::text AS username, u.email::text AS email, p.legal_name,
             p.business_kind, p.gstin_sealed IS NOT NULL AS gst_registered,
             p.pickup_state AS state, p.status, p.submitted_at, p.reviewed_at
        FROM seller_profiles p JOIN users u ON u.id = p.user_id
       WHERE p.status = ${status}::seller_review_status AND u.deleted_at IS NULL
       ORDER BY ${order}`,
    );
  }

  /**
   * Approves (reason null) or rejects a PENDING profile, in one statement with its audit row and the outbox event
   * that mails the seller. Two admins reviewing at once: the second finds it no longer pending.
   */
  async review(uid: string, adminId: number, reason: string | null): Promise<ReviewOutcome> {
    const approve = reason === null;
    const [row] = await queryRows(
      this.prisma,
      REVIEW_ROW,
      Prisma.sql`
      WITH target AS (
        SELECT p.user_id FROM seller_profiles p JOIN users u ON u.id = p.user_id
         WHERE u.firebase_uid = ${uid} AND u.deleted_at IS NULL
      ), reviewed AS (
        UPDATE seller_profiles p
           SET status = ${approve ? 'approved' : 'rejected'}::seller_review_status, rejection_reason = ${reason},
               reviewed_at = now(), reviewed_by = ${adminId}, updated_at = now()
          FROM target WHERE p.user_id = target.user_id AND p.status = 'pending'
        RETURNING p.user_id, p.rejection_reason
      ), events AS (${outboxInsertSql({
        type: approve ? 'seller_profile.approved' : 'seller_profile.rejected',
        from: 'reviewed',
        ids: { userId: 'user_id' },
      })}),
      audited AS (${auditInsertSql({
        adminId,
        action: approve ? 'seller_profile.approve' : 'seller_profile.reject',
        from: 'reviewed',
        objectId: 'user_id',
        before: Prisma.sql`jsonb_build_object('status', 'pending')`,
        after: approve
          ? Prisma.sql`jsonb_build_object('status', 'approved')`
          : Prisma.sql`jsonb_build_object('status', 'rejected', 'reason', reviewed.rejection_reason)`,
      })})
      SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM reviewed) AS reviewed`,
    );
    if (!row!.found) return { kind: 'not_found' };
    return row!.reviewed ? { kind: 'reviewed' } : { kind: 'not_pending' };
  }
}
