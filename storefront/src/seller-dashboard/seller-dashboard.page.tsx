import { Trans } from '@lingui/react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { AlertIcon, LockIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import { useSellerDashboard } from './seller-dashboard-queries';
import styles from './seller-dashboard.module.css';
import { Attention } from './attention-panel';
import { BusinessProfile } from './business-profile-panel';
import { Orders } from './orders-panel';
import { Payouts } from './payouts-panel';
import { DashboardTabs, tabId, tabPanelId, useDashboardTab } from './payouts-tabs';
import { Sales } from './sales-panel';
import { Supplies } from './supplies-panel';

/**
 * The seller's dashboard (issue 16): their sales, their business profile and its review (issue 31), their GST
 * supplies for their own GSTR-1, the products that need them, and the orders to pack and hand over (issue 31); and in
 * a second tab their payouts, statements and commission invoices (issue 32).
 */
export default function SellerDashboardPage() {
  const { t } = useT();
  return (
    <Page title={t('sellerDashboard.title')} lead={t('sellerDashboard.lead')}>
      <RequireSignIn message={t('sellerDashboard.signIn')}>
        <Dashboard />
      </RequireSignIn>
    </Page>
  );
}

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.statusCode === status;

function Dashboard() {
  const { t } = useT();
  const { uid: pathUid } = useParams();
  const { user } = useAuth();
  // /seller-dashboard is the caller's own; /seller-dashboard/{uid} is any seller's for an admin (the API decides).
  const uid = pathUid ?? user?.uid ?? '';
  const overview = useSellerDashboard(uid);
  const [tab, openTab] = useDashboardTab();

  if (isStatus(overview.error, 403)) return <NotYours />;
  if (isStatus(overview.error, 404)) {
    return (
      <EmptyState icon={<AlertIcon size={32} />} title={t('sellerDashboard.sellerNotFound')}>
        {t('sellerDashboard.sellerNotFound.text')}
      </EmptyState>
    );
  }
  if (overview.isError) {
    return (
      <LoadFailed title={t('sellerDashboard.loadFailed')} onRetry={() => void overview.refetch()}>
        {t('sellerDashboard.loadFailed.text')}
      </LoadFailed>
    );
  }
  if (!overview.data) return <DashboardLoading />;
  const someoneElses = overview.data.seller.uid !== user?.uid;
  return (
    <>
      {someoneElses && (
        <p className={styles.viewing} role="note">
          <Trans
            id="sellerDashboard.viewing"
            values={{ username: overview.data.seller.username }}
            components={{ 0: <strong /> }}
          />
        </p>
      )}
      <DashboardTabs tab={tab} onChange={openTab} />
      {tab === 'payouts' ? (
        <div role="tabpanel" id={tabPanelId('payouts')} aria-labelledby={tabId('payouts')}>
          <Payouts uid={uid} />
        </div>
      ) : (
        <div
          className={`${styles.dashboard} ${someoneElses ? '' : styles.withSupplies}`}
          role="tabpanel"
          id={tabPanelId('overview')}
          aria-labelledby={tabId('overview')}
        >
          <Sales dashboard={overview.data} />
          <BusinessProfile uid={uid} someoneElses={someoneElses} />
          {/* The seller's own GSTR-1 tables: the API gives them to that seller alone. */}
          {!someoneElses && <Supplies uid={overview.data.seller.uid} />}
          <Attention uid={uid} products={overview.data.products} />
          <Orders uid={uid} someoneElses={someoneElses} />
        </div>
      )}
    </>
  );
}

/** Another user's dashboard: the API refuses it; show the way to one's own. */
function NotYours() {
  const { t } = useT();
  return (
    <EmptyState
      icon={<LockIcon size={32} />}
      title={t('sellerDashboard.notYours.title')}
      action={
        <Link to="/seller-dashboard" className="btn btn-primary">
          {t('sellerDashboard.notYours.own')}
        </Link>
      }
    >
      {t('sellerDashboard.notYours')}
    </EmptyState>
  );
}

function DashboardLoading() {
  const { t } = useT();
  return (
    <div className={styles.dashboard} aria-busy="true" aria-label={t('sellerDashboard.loading')}>
      <ul className={styles.figures} aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${panels.surface} ${styles.figure} ${styles.skeleton}`} />
        ))}
      </ul>
    </div>
  );
}
