import Insights from '@mui/icons-material/Insights';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import Hub from '@mui/icons-material/Hub';
import Payments from '@mui/icons-material/Payments';
import Percent from '@mui/icons-material/Percent';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RequestQuote from '@mui/icons-material/RequestQuote';
import { useEffect, type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  Menu,
  UserMenu,
  useGetIdentity,
  useResourceDefinitions,
  useStore,
  type AppBarProps,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { SessionWatcher } from '../auth/session-watcher';
import { QueuesMenuItem } from '../queues/queues-menu-item';
import { SellerReviewsMenuItem } from '../seller-reviews/pending-reviews';
import { CONSOLE_TABS, TAB_STORE_KEY, tabOfPath, type ConsoleTab } from './console-tabs';

/** The resources' entries in the order of app.tsx; Seller reviews carries how many sellers wait for one. */
function ResourceItems() {
  const resources = useResourceDefinitions();
  return (
    <>
      {Object.keys(resources)
        .filter((name) => resources[name]?.hasList)
        .map((name) =>
          name === 'seller-reviews' ? (
            <SellerReviewsMenuItem key={name} />
          ) : (
            <Menu.ResourceItem key={name} name={name} />
          ),
        )}
    </>
  );
}

/** The sidebar: the three tabs, then the queue dashboard, the system health page and the GST returns (GSTR-1, GSTR-8). */
export function ConsoleMenu() {
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<Insights />} />
      <ResourceItems />
      <QueuesMenuItem />
      <Menu.Item to="/health" primaryText="System health" leftIcon={<MonitorHeart />} />
      <Menu.Item to="/gst-returns" primaryText="GST returns" leftIcon={<ReceiptLong />} />
      <Menu.Item to="/gstr8" primaryText="GSTR-8 (TCS)" leftIcon={<RequestQuote />} />
      <Menu.Item to="/commissions" primaryText="Commissions" leftIcon={<Percent />} />
      <Menu.Item to="/payouts" primaryText="Payouts" leftIcon={<Payments />} />
      <Menu.Item to="/ondc" primaryText="Network (ONDC)" leftIcon={<Hub />} />
    </Menu>
  );
}

/** Remembers the tab the admin is on (docs/console.md: the chosen tab is persisted locally). */
function RememberTab() {
  const { pathname } = useLocation();
  const [, setTab] = useStore<ConsoleTab>(TAB_STORE_KEY, 'orders');
  useEffect(() => {
    const tab = tabOfPath(pathname);
    if (tab) setTab(tab);
  }, [pathname, setTab]);
  return null;
}

/**
 * react-admin's layout grows to fit its widest content (min-width: fit-content down the frame); ours keeps to the
 * screen, and a wide table (GST returns, a datagrid on a phone) scrolls sideways inside its own box, under an app bar
 * that stays the screen's width.
 */
const KEEP_TO_SCREEN = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const;

/**
 * The account button shows the admin's name; react-admin names it 'Profile' alone, which a voice user saying the
 * name they see could not reach (axe: label-content-name-mismatch). Its name starts with the visible one.
 */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}, profile` : 'Profile'} />;
}

function ConsoleAppBar(props: AppBarProps) {
  return <AppBar {...props} userMenu={<ConsoleUserMenu />} />;
}

/** react-admin's layout with the console's menu and app bar, remembering the chosen tab. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar} sx={KEEP_TO_SCREEN}>
      <RememberTab />
      <SessionWatcher />
      {children}
    </Layout>
  );
}

/** The console's home: the tab chosen last time (Orders the first time). */
export function RememberedTab() {
  const [tab] = useStore<ConsoleTab>(TAB_STORE_KEY, 'orders');
  return <Navigate to={`/${(CONSOLE_TABS as readonly string[]).includes(tab) ? tab : 'orders'}`} replace />;
}
