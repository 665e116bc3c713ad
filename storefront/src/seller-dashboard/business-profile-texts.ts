import {
  SELLER_PROFILE_LIMITS,
  SELLER_PROFILE_MESSAGES,
  type BusinessKind,
  type SellerReviewStatus,
} from '@mandi/domain';
import { addressMessageText } from '../addresses/address';
import type { Translator } from '../i18n/i18n';

/*
 * The business profile's words that hang on the domain (libs/domain seller-profile): the kinds of business, the
 * review states and the refusals of SELLER_PROFILE_MESSAGES, in the reader's language. business-profile.catalogue.test
 * checks the English against the domain's texts.
 */

type T = Translator['t'];

/** The kinds of business in the select, in the domain's order ('Individual farmer'). */
export function businessKindLabels(t: T): Record<BusinessKind, string> {
  return {
    individual_farmer: t('sellerDashboard.profile.kind.individual_farmer'),
    farmer_producer_organisation: t('sellerDashboard.profile.kind.farmer_producer_organisation'),
    proprietor: t('sellerDashboard.profile.kind.proprietor'),
    company: t('sellerDashboard.profile.kind.company'),
  };
}

/** Where a profile is, as its badge says it; 'none' is a seller without a profile yet. */
export function profileStatusLabels(t: T): Record<SellerReviewStatus | 'none', string> {
  return {
    none: t('sellerDashboard.profile.status.none'),
    pending: t('sellerDashboard.profile.status.pending'),
    approved: t('sellerDashboard.profile.status.approved'),
    rejected: t('sellerDashboard.profile.status.rejected'),
  };
}

/** The refusals of SELLER_PROFILE_MESSAGES that only the console shows (an admin's reason to reject, a second review). */
type ConsoleMessage = 'rejectionReasonRequired' | 'rejectionReasonTooLong' | 'notPending';

/** The refusals of SELLER_PROFILE_MESSAGES a seller can meet in the storefront: every other one. */
export type SellerProfileMessage = Exclude<keyof typeof SELLER_PROFILE_MESSAGES, ConsoleMessage>;

/** Each of the seller's refusals in the reader's language. */
function sellerProfileTexts({ t, number }: Translator): Record<SellerProfileMessage, string> {
  return {
    legalNameRequired: t('sellerDashboard.profile.problem.legalNameRequired'),
    legalNameTooLong: t('sellerDashboard.profile.problem.legalNameTooLong', {
      max: number(SELLER_PROFILE_LIMITS.legalNameMax),
    }),
    panInvalid: t('sellerDashboard.profile.problem.panInvalid'),
    panHolderMismatch: t('sellerDashboard.profile.problem.panHolderMismatch'),
    gstinInvalid: t('sellerDashboard.profile.problem.gstinInvalid'),
    gstinPanMismatch: t('sellerDashboard.profile.problem.gstinPanMismatch'),
    gstinStateMismatch: t('sellerDashboard.profile.problem.gstinStateMismatch'),
    fssaiRequired: t('sellerDashboard.profile.problem.fssaiRequired'),
    fssaiInvalid: t('sellerDashboard.profile.problem.fssaiInvalid'),
    holderRequired: t('sellerDashboard.profile.problem.holderRequired'),
    holderTooLong: t('sellerDashboard.profile.problem.holderTooLong', {
      max: number(SELLER_PROFILE_LIMITS.holderNameMax),
    }),
    bankAccountInvalid: t('sellerDashboard.profile.problem.bankAccountInvalid'),
    ifscInvalid: t('sellerDashboard.profile.problem.ifscInvalid'),
    ifscUnknown: t('sellerDashboard.profile.problem.ifscUnknown'),
    profileNotFound: t('sellerDashboard.profile.problem.profileNotFound'),
    approvalRequired: t('sellerDashboard.profile.problem.approvalRequired'),
  };
}

/** The seller's refusals by name, for the catalogue test. */
export const SELLER_PROFILE_MESSAGES_SHOWN = (
  Object.keys(SELLER_PROFILE_MESSAGES) as (keyof typeof SELLER_PROFILE_MESSAGES)[]
).filter(
  (name): name is SellerProfileMessage =>
    !(['rejectionReasonRequired', 'rejectionReasonTooLong', 'notPending'] satisfies ConsoleMessage[]).includes(
      name as ConsoleMessage,
    ),
);

/**
 * A text the profile's rules give (libs/domain's check and the API share SELLER_PROFILE_MESSAGES) in the reader's
 * language; a pickup address's text as the address form says it; any other text from the server through the
 * catalogues' server texts, else as sent.
 */
export function sellerProfileMessageText(translator: Translator, message: string): string {
  const name = SELLER_PROFILE_MESSAGES_SHOWN.find((shown) => SELLER_PROFILE_MESSAGES[shown] === message);
  return name ? sellerProfileTexts(translator)[name] : addressMessageText(translator, message);
}
