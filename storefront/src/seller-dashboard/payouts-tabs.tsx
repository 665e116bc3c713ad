import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import styles from './payouts.module.css';

/*
 * The dashboard's two tabs (issue 32): the overview (sales, profile, supplies, attention, orders) and the seller's
 * payouts. The tab is in the URL (`?tab=payouts`), so a statement mail or a reload opens the same one; switching drops
 * the other tab's page.
 */

/** The dashboard's tabs, in order. */
export const DASHBOARD_TABS = ['overview', 'payouts'] as const;
/** One of {@link DASHBOARD_TABS}. */
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The id of a tab's button and of its panel, for aria-controls and aria-labelledby. */
export const tabId = (tab: DashboardTab) => `seller-dashboard-tab-${tab}`;
export const tabPanelId = (tab: DashboardTab) => `seller-dashboard-panel-${tab}`;

/** The open tab from the URL (anything unknown is the overview), and how to open another. */
export function useDashboardTab(): [DashboardTab, (tab: DashboardTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: DashboardTab = params.get('tab') === 'payouts' ? 'payouts' : 'overview';
  const open = (next: DashboardTab) => {
    if (next === tab) return;
    setParams(next === 'overview' ? new URLSearchParams() : new URLSearchParams({ tab: next }), {
      preventScrollReset: true,
    });
  };
  return [tab, open];
}

/** The tab list: arrow keys, Home and End move between the tabs (WAI-ARIA tabs, activated on focus). */
export function DashboardTabs({ tab, onChange }: { tab: DashboardTab; onChange: (tab: DashboardTab) => void }) {
  const { t } = useT();
  const buttons = useRef<Partial<Record<DashboardTab, HTMLButtonElement | null>>>({});
  const labels: Record<DashboardTab, string> = {
    overview: t('sellerDashboard.tabs.overview'),
    payouts: t('sellerDashboard.tabs.payouts'),
  };
  const move = (event: KeyboardEvent) => {
    const index = DASHBOARD_TABS.indexOf(tab);
    const last = DASHBOARD_TABS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % DASHBOARD_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % DASHBOARD_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const next = DASHBOARD_TABS[to]!;
    onChange(next);
    buttons.current[next]?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('sellerDashboard.tabs.label')} onKeyDown={move}>
      {DASHBOARD_TABS.map((name) => (
        <button
          key={name}
          ref={(button) => {
            buttons.current[name] = button;
          }}
          type="button"
          role="tab"
          id={tabId(name)}
          aria-selected={tab === name}
          // Only the open tab's panel is in the page.
          aria-controls={tab === name ? tabPanelId(name) : undefined}
          tabIndex={tab === name ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(name)}
        >
          {labels[name]}
        </button>
      ))}
    </div>
  );
}
