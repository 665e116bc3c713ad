import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type {
  IfscLookup,
  SellerProfile,
  SellerProfileBody,
  SellerProfileSummary,
  SellerProfilesQuery,
} from '@mandi/contracts';
import { SealedText, sellerProfileSealContext, type SellerSealedColumn } from '@mandi/database';
import {
  ACCESS_MESSAGES,
  DomainError,
  SELLER_PROFILE_MESSAGES,
  addressFieldsOf,
  fieldsRefused,
  lastFour,
  maskedIdentifier,
  matchDirectory,
  sellerProfileProblems,
  tidyIdentifier,
  tidySellerProfile,
  IFSC_PATTERN,
} from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { PincodesService } from '../pincodes/pincodes.service.js';
import { IfscDirectory } from './ifsc-directory.js';
import { SellerProfilesRepository, type SellerProfileRow } from './seller-profiles.repository.js';

const contextOf = sellerProfileSealContext;

/**
 * Sellers' business profiles (issue 31, docs/sellers.md). A seller fills in their own from the dashboard, checked as
 * the authorities define each number (libs/domain), the pickup address against the India Post directory and the
 * IFSC against Razorpay's offline directory; PAN, GSTIN and account number are sealed before they reach the
 * database. Answers show them whole only to their owner; an admin sees the last four characters, and every admin
 * read is in the audit trail. Admins approve or reject a pending profile.
 */
@Injectable()
export class SellerProfilesService {
  private readonly sealer: SealedText;

  constructor(
    private readonly profiles: SellerProfilesRepository,
    private readonly pincodes: PincodesService,
    private readonly ifsc: IfscDirectory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sealer = new SealedText(config.SELLER_DATA_KEY);
  }

  /**
   * The profile of seller `uid` from their dashboard: whole to the seller, masked (and audited) to an admin, whom the
   * access guard also lets through. 404 before the seller has filled it in.
   */
  async read(caller: Caller, uid: string): Promise<SellerProfile> {
    const own = caller.uid === uid;
    const row = await this.profiles.find(uid, own ? undefined : caller.id);
    if (!row) throw new DomainError('not_found', SELLER_PROFILE_MESSAGES.profileNotFound);
    return this.answer(row, own);
  }

  /** Fills in or replaces the caller's own profile; it waits for review again. Only the seller may (403 otherwise). */
  async save(caller: Caller, uid: string, body: SellerProfileBody): Promise<SellerProfile> {
    if (caller.uid !== uid) throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    const input = tidySellerProfile({ ...body, pickup_address: addressFieldsOf(body.pickup_address) });
    const problems = sellerProfileProblems(input);
    if (problems.length > 0) throw fieldsRefused(problems);

    const pickup = input.pickup_address;
    const place = matchDirectory(pickup, await this.pincodes.offices(pickup.pincode));
    if (!place.ok) throw fieldsRefused([{ ...place.problem, field: `pickup_address.${place.problem.field}` }]);
    const bankName = this.ifsc.bankOf(input.ifsc);
    if (bankName === null) throw fieldsRefused([{ field: 'ifsc', text: SELLER_PROFILE_MESSAGES.ifscUnknown }]);

    const seal = (column: SellerSealedColumn, value: string) => this.sealer.seal(value, contextOf(column, caller.id));
    const row = await this.profiles.save(caller.id, {
      legalName: input.legal_name,
      businessKind: input.business_kind,
      panSealed: seal('pan', input.pan),
      panLast4: lastFour(input.pan),
      gstinSealed: input.gstin === '' ? null : seal('gstin', input.gstin),
      gstinLast4: input.gstin === '' ? null : lastFour(input.gstin),
      fssaiNumber: input.fssai_number === '' ? null : input.fssai_number,
      // The directory's spelling of the state and district, as an address book saves them.
      pickup: { ...pickup, state: place.state, district: place.district },
      bankAccountHolder: input.bank_account_holder,
      bankAccountSealed: seal('bank_account', input.bank_account_number),
      bankAccountLast4: lastFour(input.bank_account_number),
      ifsc: input.ifsc,
      bankName,
    });
    return this.answer(row, true);
  }

  /** The bank an IFSC names, for the form to show back as it is typed; 404 when no branch has it. */
  lookUpIfsc(typed: string): IfscLookup {
    const ifsc = tidyIdentifier(typed);
    const bankName = IFSC_PATTERN.test(ifsc) ? this.ifsc.bankOf(ifsc) : null;
    if (bankName === null) throw new DomainError('not_found', SELLER_PROFILE_MESSAGES.ifscUnknown);
    return { ifsc, bank_name: bankName };
  }

  /** The console's review queue (or the reviewed ones): no identifier at all, so nothing to audit. */
  async list(query: SellerProfilesQuery): Promise<SellerProfileSummary[]> {
    const rows = await this.profiles.list(query.status);
    return rows.map((row) => ({
      ...row,
      submitted_at: row.submitted_at.toISOString(),
      reviewed_at: row.reviewed_at?.toISOString() ?? null,
    }));
  }

  /** One seller's profile for the console: masked, and the read is in the audit trail. */
  async adminRead(admin: Caller, uid: string): Promise<SellerProfile> {
    const row = await this.profiles.find(uid, admin.id);
    if (!row) throw new DomainError('not_found', SELLER_PROFILE_MESSAGES.profileNotFound);
    return this.answer(row, false);
  }

  /**
   * Approves (no reason) or rejects a pending profile: 404 for a uid without one, 409 when it is not pending (already
   * reviewed, perhaps by another admin a moment before). Answers the profile as it is now, masked.
   */
  async review(admin: Caller, uid: string, reason: string | null): Promise<SellerProfile> {
    const outcome = await this.profiles.review(uid, admin.id, reason);
    if (outcome.kind === 'not_found') throw new DomainError('not_found', SELLER_PROFILE_MESSAGES.profileNotFound);
    if (outcome.kind === 'not_pending') throw new DomainError('conflict', SELLER_PROFILE_MESSAGES.notPending);
    const row = await this.profiles.find(uid);
    return this.answer(row!, false);
  }

  /** A row as an answer: sealed values opened for their owner (`whole`), masked for anyone else. */
  private answer(row: SellerProfileRow, whole: boolean): SellerProfile {
    const shown = (column: SellerSealedColumn, sealed: Uint8Array, last4: string) =>
      whole ? this.sealer.open(sealed, contextOf(column, row.user_id)) : maskedIdentifier(last4);
    return {
      uid: row.uid,
      legal_name: row.legal_name,
      business_kind: row.business_kind,
      pan: shown('pan', row.pan_sealed, row.pan_last4),
      gstin: row.gstin_sealed === null ? null : shown('gstin', row.gstin_sealed, row.gstin_last4!),
      fssai_number: row.fssai_number,
      pickup_address: {
        name: row.pickup_name,
        mobile: row.pickup_mobile,
        state: row.pickup_state,
        district: row.pickup_district,
        taluk: row.pickup_taluk,
        flat_house_building: row.pickup_flat_house_building,
        area_or_street_or_village: row.pickup_area_or_street_or_village,
        landmark: row.pickup_landmark,
        pincode: row.pickup_pincode,
      },
      bank_account_holder: row.bank_account_holder,
      bank_account_number: shown('bank_account', row.bank_account_sealed, row.bank_account_last4),
      ifsc: row.ifsc,
      bank_name: row.bank_name,
      status: row.status,
      rejection_reason: row.rejection_reason,
      submitted_at: row.submitted_at.toISOString(),
      reviewed_at: row.reviewed_at?.toISOString() ?? null,
      masked: !whole,
    };
  }
}
