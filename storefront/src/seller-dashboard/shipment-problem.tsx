import { SELLER_PROFILE_MESSAGES } from '@mandi/domain';
import { ApiError } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { BUSINESS_PROFILE_ID } from './business-profile-panel';
import styles from './seller-dashboard.module.css';
import { isApprovalRequired, shipmentMessageText } from './shipment-texts';

/**
 * Why a shipment move did not happen: the seller's business profile is not approved yet (a 403 with
 * SELLER_PROFILE_MESSAGES.approvalRequired), another refusal of the API (its English text, shown translated), or no
 * answer worth showing (a server fault).
 */
export type MoveProblem = { kind: 'approval' } | { kind: 'refused'; message: string } | { kind: 'failed' };

/** The problem of a failed move (an offline device is told apart before, by useOfflineNotice). */
export function moveProblemOf(error: unknown): MoveProblem {
  if (error instanceof ApiError && error.statusCode < 500 && error.serverMessage) {
    return isApprovalRequired(error.serverMessage)
      ? { kind: 'approval' }
      : { kind: 'refused', message: error.serverMessage };
  }
  return { kind: 'failed' };
}

/**
 * A move's problem, announced: the refusal in the reader's language or, for a profile not approved yet, what to do
 * and a link to the Business profile panel of the same page (which `onToProfile` focuses).
 */
export function ShipmentProblem({ problem, onToProfile }: { problem: MoveProblem; onToProfile(): void }) {
  const translator = useT();
  const { t } = translator;
  return (
    <div className={styles.shipmentProblem} role="alert">
      {problem.kind === 'approval' ? (
        <>
          <p>
            <strong>{shipmentMessageText(translator, SELLER_PROFILE_MESSAGES.approvalRequired)}</strong>
          </p>
          <p>{t('sellerDashboard.shipment.approval.hint')}</p>
          <a
            href={`#${BUSINESS_PROFILE_ID}`}
            onClick={(event) => {
              event.preventDefault();
              onToProfile();
            }}
          >
            {t('sellerDashboard.shipment.approval.link')}
          </a>
        </>
      ) : (
        <p>
          {problem.kind === 'refused'
            ? shipmentMessageText(translator, problem.message)
            : t('sellerDashboard.shipment.failed')}
        </p>
      )}
    </div>
  );
}
