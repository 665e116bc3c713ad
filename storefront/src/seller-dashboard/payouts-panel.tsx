import type { SellerPayout, SellerPayoutPage } from '@mandi/contracts';
import { BALANCE_STATES, type PayoutStatus } from '@mandi/domain';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { indiaDateTimeText } from '../orders/order-view';
import { PackageIcon } from '../ui/icons';
import { EmptyState, LoadFailed } from '../ui/page';
import panels from '../ui/panels.module.css';
import { Statements } from './payouts-statements';
import { useSellerPayouts } from './seller-dashboard-queries';
import {
  balanceLabels,
  balanceNoteLabel,
  payoutAccountLabels,
  payoutStatusLabels,
  saleBreakdownLabels,
} from './seller-dashboard-texts';
import styles from './payouts.module.css';

/*
 * The Payouts tab (issue 32, docs/payouts.md): the seller's payout account, their four balances, Mandi's adjustments,
 * a page of payouts with each sale's breakdown, state and UTR, then the weekly statements and commission invoices.
 * Tables turn into one card per row below 900 px (payouts.module.css), so nothing scrolls sideways on a phone; a card
 * leaves out the deductions that are nothing and a UTR not there yet, which the table shows as ₹0.00 and '—'. The net
 * of a payout no longer owed (reversed, cancelled) is struck through.
 */

/** The payout list's page from the URL (`?tab=payouts&page=2`); anything else reads as 1. */
function usePayoutPage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  const change = (next: number) => {
    const search = new URLSearchParams({ tab: 'payouts' });
    if (next > 1) search.set('page', String(next));
    setParams(search, { preventScrollReset: true });
  };
  return [Number.isInteger(page) && page >= 1 ? page : 1, change];
}

/** Each status's badge tone: where the money is (waiting, held, on its way, in the bank) or that it is gone. */
const STATUS_TONE: Record<PayoutStatus, string> = {
  awaiting_account: styles.toneWaiting!,
  to_transfer: styles.toneWaiting!,
  scheduled: styles.toneWaiting!,
  on_hold: styles.toneHeld!,
  to_release: styles.toneHeld!,
  released: styles.toneReleased!,
  settled: styles.tonePaid!,
  to_reverse: styles.toneGone!,
  reversed: styles.toneGone!,
  cancelled: styles.toneGone!,
  failed: styles.toneGone!,
};

/** The sale's figures the table shows, in order: what the buyer paid, each deduction, and the net. */
const FIGURES = ['gross', 'resale_gst', 'commission', 'commission_gst', 'tcs', 'tds', 'net'] as const;
type Figure = (typeof FIGURES)[number];

export function Payouts({ uid }: { uid: string }) {
  const titleId = useId();
  const { t } = useT();
  const [page, setPage] = usePayoutPage();
  const payouts = useSellerPayouts(uid, page);
  const data = payouts.data;

  return (
    <div className={styles.payoutsTab}>
      <section className={styles.payouts} aria-labelledby={titleId}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.sectionTitle}>
            {t('sellerDashboard.payouts.title')}
          </h2>
          <p className={panels.note}>{t('sellerDashboard.payouts.lead')}</p>
        </div>
        {payouts.isError && !data ? (
          <LoadFailed title={t('sellerDashboard.payouts.loadFailed')} onRetry={() => void payouts.refetch()} />
        ) : !data ? (
          <PayoutsLoading />
        ) : (
          <>
            <Account account={data.account} />
            <Balances data={data} />
            <PayoutList data={data} busy={payouts.isPlaceholderData} page={page} onPage={setPage} />
          </>
        )}
      </section>
      <Statements uid={uid} />
    </div>
  );
}

/** The payout account's state, and while it is not active, what payouts wait for. */
function Account({ account }: { account: SellerPayoutPage['account'] }) {
  const { t } = useT();
  const state = payoutAccountLabels(t)[account.status];
  return (
    <div className={styles.account}>
      <p className={styles.accountState}>
        <span className={`${styles.dot} ${account.status === 'activated' ? styles.dotOn : ''}`} aria-hidden="true" />
        {t('sellerDashboard.payouts.account', { state })}
      </p>
      {account.status !== 'activated' && (
        <p className={styles.accountNote} role="note">
          {t('sellerDashboard.payouts.account.notActive')}
        </p>
      )}
    </div>
  );
}

/** The four balances as cards, and the adjustments when there are any. */
function Balances({ data }: { data: SellerPayoutPage }) {
  const titleId = useId();
  const { t, rupees } = useT();
  const labels = balanceLabels(t);
  return (
    <section aria-labelledby={titleId} className={styles.balancesSection}>
      <h3 id={titleId} className="visually-hidden">
        {t('sellerDashboard.payouts.balances')}
      </h3>
      <ul className={styles.balances}>
        {BALANCE_STATES.map((state) => (
          <li key={state} className={`${panels.surface} ${styles.balance} ${styles[`balance_${state}`] ?? ''}`}>
            <span className={styles.balanceLabel}>{labels[state]}</span>
            <strong className={styles.balanceAmount}>{rupees(data.balances[state])}</strong>
            <span className={styles.balanceNote}>{balanceNoteLabel(t, state, data.account.settle_after_hours)}</span>
          </li>
        ))}
      </ul>
      {data.adjustments !== 0 && (
        <p className={styles.adjustments}>
          <span>
            <strong>{t('sellerDashboard.payouts.adjustments')}</strong>{' '}
            <span className={panels.muted}>{t('sellerDashboard.payouts.adjustments.note')}</span>
          </span>
          <strong className={data.adjustments > 0 ? styles.plus : styles.minus}>
            {data.adjustments > 0 ? `+${rupees(data.adjustments)}` : rupees(data.adjustments)}
          </strong>
        </p>
      )}
    </section>
  );
}

/** The payouts of one page as a table (cards on a phone), and the pager. */
function PayoutList({
  data,
  busy,
  page,
  onPage,
}: {
  data: SellerPayoutPage;
  busy: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const titleId = useId();
  const { t } = useT();
  const labels = saleBreakdownLabels(t);
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  // GST on a resold line appears only where Mandi resold one: a column of zeros says nothing.
  const figures = FIGURES.filter(
    (figure) => figure !== 'resale_gst' || data.payouts.some((item) => item.sale.resale_gst !== 0),
  );

  return (
    <section aria-labelledby={titleId} className={styles.listSection}>
      <h3 id={titleId} className={styles.subTitle}>
        {t('sellerDashboard.payouts.list')}
        <span className={styles.count}>{data.total}</span>
      </h3>
      {data.total === 0 ? (
        <EmptyState icon={<PackageIcon size={32} />} title={t('sellerDashboard.payouts.none')}>
          {t('sellerDashboard.payouts.none.text')}
        </EmptyState>
      ) : (
        <>
          <table className={styles.table} role="table" aria-labelledby={titleId} aria-busy={busy}>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">
                  {t('sellerDashboard.payouts.order')}
                </th>
                {figures.map((figure) => (
                  <th key={figure} role="columnheader" scope="col" className={styles.number}>
                    {labels[figure]}
                  </th>
                ))}
                <th role="columnheader" scope="col">
                  {t('sellerDashboard.payouts.state')}
                </th>
                <th role="columnheader" scope="col">
                  {t('sellerDashboard.payouts.utr')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {data.payouts.map((item) => (
                <PayoutRow key={item.id} payout={item} figures={figures} />
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('sellerDashboard.payouts.pages')}>
              <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {t('sellerDashboard.payouts.previous')}
              </button>
              <span className={panels.muted} aria-current="page">
                {t('sellerDashboard.payouts.page', { page: Math.min(page, pages), pages })}
              </span>
              <button
                type="button"
                className="btn btn-outline"
                disabled={page >= pages}
                onClick={() => onPage(page + 1)}
              >
                {t('sellerDashboard.payouts.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** One payout: its order and document, the sale's figures (deductions as minus), its state and when, its UTR. */
function PayoutRow({ payout, figures }: { payout: SellerPayout; figures: readonly Figure[] }) {
  const { t, rupees, locale } = useT();
  const labels = saleBreakdownLabels(t);
  const statuses = payoutStatusLabels(t);
  const amount = (figure: Figure) => {
    const value = payout.sale[figure];
    if (figure === 'gross' || figure === 'net') return rupees(value);
    return value === 0 ? rupees(0) : rupees(-value);
  };
  const when = (at: string | null) => indiaDateTimeText(at ? new Date(at) : null, locale);
  const moment =
    payout.status === 'settled' && payout.settled_at
      ? t('sellerDashboard.payouts.settledAt', { date: when(payout.settled_at) })
      : payout.status === 'released' && payout.released_at
        ? t('sellerDashboard.payouts.releasedAt', { date: when(payout.released_at) })
        : payout.balance_state === 'held' && payout.release_due_at
          ? t('sellerDashboard.payouts.dueAt', { date: when(payout.release_due_at) })
          : null;
  return (
    <tr role="row" className={styles.row}>
      <th role="rowheader" scope="row" className={styles.rowHead}>
        <span className={styles.orderNumber}>{t('orders.number', { orderId: payout.order_id })}</span>
        {payout.invoice_number && (
          <span className={styles.invoice}>
            {t('sellerDashboard.payouts.invoice', { number: payout.invoice_number })}
          </span>
        )}
      </th>
      {figures.map((figure) => (
        <td
          key={figure}
          role="cell"
          data-label={labels[figure]}
          className={`${styles.number} ${figure === 'net' ? styles.net : ''} ${
            figure !== 'gross' && figure !== 'net' && payout.sale[figure] === 0 ? styles.zero : ''
          } ${figure === 'net' && payout.balance_state === null ? styles.void : ''}`}
        >
          <span>{amount(figure)}</span>
        </td>
      ))}
      <td role="cell" data-label={t('sellerDashboard.payouts.state')} className={styles.state}>
        <span className={styles.stateText}>
          <span className={`${styles.badge} ${STATUS_TONE[payout.status] ?? ''}`}>{statuses[payout.status]}</span>
          {moment && <span className={styles.moment}>{moment}</span>}
        </span>
      </td>
      <td
        role="cell"
        data-label={t('sellerDashboard.payouts.utr')}
        className={`${styles.utr} ${payout.utr ? '' : styles.absent}`}
      >
        {payout.utr ?? '—'}
      </td>
    </tr>
  );
}

function PayoutsLoading() {
  const { t } = useT();
  return (
    <div role="status" aria-busy="true" aria-label={t('sellerDashboard.payouts.loading')}>
      <ul className={styles.balances} aria-hidden="true">
        {BALANCE_STATES.map((state) => (
          <li key={state} className={`${panels.surface} ${styles.balance} ${styles.skeleton}`} />
        ))}
      </ul>
    </div>
  );
}
