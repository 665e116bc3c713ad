import type { SellerProfile } from '@mandi/contracts';
import { parseInstant, type SellerReviewStatus } from '@mandi/domain';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { regionLine, streetLine } from '../addresses/address';
import { useT } from '../i18n/i18n';
import { indiaDateText } from '../orders/order-view';
import { ShieldIcon } from '../ui/icons';
import { LoadFailed } from '../ui/page';
import panels from '../ui/panels.module.css';
import styles from './business-profile.module.css';
import { businessKindLabels, profileStatusLabels } from './business-profile-texts';
import { useSellerProfile } from './seller-dashboard-queries';
import dashboard from './seller-dashboard.module.css';

// The form brings the PIN code lookup (and zod with the contract's address schema): loaded when it is opened.
const BusinessProfileForm = lazy(() => import('./business-profile-form'));

/**
 * The panel's element id: the order cards point here when a shipment move needs an approved profile (and focus the
 * panel, which takes the focus for that alone).
 */
export const BUSINESS_PROFILE_ID = 'business-profile';

/** A profile's review state, 'none' before there is one. */
type ProfileState = SellerReviewStatus | 'none';

/**
 * The seller's business profile (issue 31): where its review stands, what was sent, and the form that sends it
 * again. The seller's own profile has whole values and opens the form; someone else's (an admin's view, masked by the
 * API) is only shown.
 */
export function BusinessProfile({ uid, someoneElses }: { uid: string; someoneElses: boolean }) {
  const titleId = useId();
  const { t } = useT();
  const query = useSellerProfile(uid);
  const [editing, setEditing] = useState(false);
  const [sent, setSent] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const profile = query.data;
  const readOnly = someoneElses || profile?.masked === true;
  const state: ProfileState = profile ? profile.status : 'none';

  // Closing the form (sent or cancelled) gives the focus back to the button that opened it.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      openButton.current?.focus();
    }
  }, [editing]);

  const close = (wasSent: boolean) => {
    returnFocus.current = true;
    setEditing(false);
    setSent(wasSent);
  };

  const body = (() => {
    if (query.isError) {
      return (
        <LoadFailed title={t('sellerDashboard.profile.loadFailed')} onRetry={() => void query.refetch()}>
          {t('sellerDashboard.loadFailed.text')}
        </LoadFailed>
      );
    }
    if (profile === undefined) {
      return (
        <div className={`${dashboard.skeleton} ${styles.skeleton}`} aria-busy="true">
          <span className="visually-hidden">{t('sellerDashboard.profile.loading')}</span>
        </div>
      );
    }
    if (readOnly) {
      return (
        <>
          <StateBanner profile={profile} readOnly />
          {profile && <ProfileSummary profile={profile} />}
          {profile?.masked && (
            <p className={`${panels.note} ${styles.maskedNote}`}>{t('sellerDashboard.profile.masked')}</p>
          )}
        </>
      );
    }
    return (
      <>
        <StateBanner profile={profile} readOnly={false} />
        <p className={styles.sent} role="status">
          {sent && t('sellerDashboard.profile.sent')}
        </p>
        {editing ? (
          <Suspense
            fallback={
              <div className={`${dashboard.skeleton} ${styles.formSkeleton}`} aria-busy="true">
                <span className="visually-hidden">{t('sellerDashboard.profile.form.loading')}</span>
              </div>
            }
          >
            <BusinessProfileForm uid={uid} profile={profile} onCancel={() => close(false)} onSent={() => close(true)} />
          </Suspense>
        ) : (
          <>
            <div className={styles.actions}>
              <button
                ref={openButton}
                type="button"
                className={`btn ${state === 'none' || state === 'rejected' ? 'btn-primary' : 'btn-outline'}`}
                onClick={() => {
                  setSent(false);
                  setEditing(true);
                }}
              >
                {state === 'none'
                  ? t('sellerDashboard.profile.fillIn')
                  : state === 'rejected'
                    ? t('sellerDashboard.profile.correct')
                    : t('sellerDashboard.profile.change')}
              </button>
            </div>
            {profile && (
              <details className={styles.details}>
                <summary>{t('sellerDashboard.profile.details')}</summary>
                <ProfileSummary profile={profile} />
              </details>
            )}
          </>
        )}
      </>
    );
  })();

  return (
    <section
      id={BUSINESS_PROFILE_ID}
      className={`${panels.card} ${dashboard.profile}`}
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={`${panels.cardTitle} ${styles.title}`}>
          <ShieldIcon size={20} /> {t('sellerDashboard.profile.title')}
        </h2>
        {profile !== undefined && !query.isError && (
          <span className={`${styles.badge} ${styles[state]}`}>{profileStatusLabels(t)[state]}</span>
        )}
      </div>
      {body}
    </section>
  );
}

/** Where the review stands, in a sentence: none yet, waiting since, verified on, or rejected with the reason. */
function StateBanner({ profile, readOnly }: { profile: SellerProfile | null; readOnly: boolean }) {
  const { t, locale } = useT();
  // '5 Mar 2026' kept on one line.
  const date = (instant: string | null | undefined) =>
    indiaDateText(instant ? parseInstant(instant) : null, locale).replace(/ /g, '\u00a0');

  if (!profile) {
    return (
      <div className={`${styles.banner} ${styles.none}`}>
        <p>{readOnly ? t('sellerDashboard.profile.problem.profileNotFound') : t('sellerDashboard.profile.none')}</p>
      </div>
    );
  }
  const reviewed = date(profile.reviewed_at ?? profile.submitted_at);
  return (
    <div className={`${styles.banner} ${styles[profile.status]}`}>
      {profile.status === 'pending' && (
        <p>{t('sellerDashboard.profile.pending', { date: date(profile.submitted_at) })}</p>
      )}
      {profile.status === 'approved' && <p>{t('sellerDashboard.profile.approved', { date: reviewed })}</p>}
      {profile.status === 'rejected' && (
        <>
          <p>{t('sellerDashboard.profile.rejected', { date: reviewed })}</p>
          {profile.rejection_reason && <blockquote className={styles.reason}>{profile.rejection_reason}</blockquote>}
          {!readOnly && <p>{t('sellerDashboard.profile.rejected.again')}</p>}
        </>
      )}
    </div>
  );
}

/** What the profile says, as the API answered it (masked for anyone but its seller). */
function ProfileSummary({ profile }: { profile: SellerProfile }) {
  const { t } = useT();
  const kinds = businessKindLabels(t);
  const pickup = profile.pickup_address;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('sellerDashboard.profile.field.legalName')}</dt>
        <dd>{profile.legal_name}</dd>
      </div>
      <div>
        <dt>{t('sellerDashboard.profile.field.kind')}</dt>
        <dd>{kinds[profile.business_kind]}</dd>
      </div>
      <div>
        <dt>{t('sellerDashboard.profile.field.pan')}</dt>
        <dd className={styles.code}>{profile.pan}</dd>
      </div>
      <div>
        <dt>{t('sellerDashboard.profile.field.gstin')}</dt>
        <dd className={profile.gstin ? styles.code : styles.absent}>
          {profile.gstin ?? t('sellerDashboard.profile.summary.notGst')}
        </dd>
      </div>
      <div>
        <dt>{t('sellerDashboard.profile.field.fssai')}</dt>
        <dd className={profile.fssai_number ? styles.code : styles.absent}>
          {profile.fssai_number ?? t('sellerDashboard.profile.summary.noFssai')}
        </dd>
      </div>
      <div className={styles.wide}>
        <dt>{t('sellerDashboard.profile.pickup')}</dt>
        <dd>
          <address className={styles.address}>
            <strong>{pickup.name}</strong>
            <span>{streetLine(pickup, t)}</span>
            <span>{regionLine(pickup)}</span>
            <span>{t('addresses.mobile', { mobile: pickup.mobile })}</span>
          </address>
        </dd>
      </div>
      <div className={styles.wide}>
        <dt>{t('sellerDashboard.profile.bank')}</dt>
        <dd className={styles.address}>
          <strong>{profile.bank_account_holder}</strong>
          <span className={styles.code}>{profile.bank_account_number}</span>
          <span>
            <span className={styles.code}>{profile.ifsc}</span> · {profile.bank_name}
          </span>
        </dd>
      </div>
    </dl>
  );
}
