import { lazy, useMemo, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { createAuthProvider } from './auth/auth-provider';
import type { AdminIdentity } from './auth/identity';
import { IdentityContext } from './auth/session-watcher';
import { BusinessDashboardRoute } from './dashboard/business-dashboard-route';
import { Dashboard } from './dashboard/dashboard';
import { createDataProvider } from './data/data-provider';
import audit from './audit';
import deadJobs from './dead-jobs';
import interestedSellers from './interested-sellers';
import { ConsoleLayout, RememberedTab } from './layout/console-layout';
import { consoleStore } from './layout/console-store';
import { LoginPage } from './layout/login-page';
import { RefusalContext } from './layout/refusal-context';
import { theme } from './layout/theme';
import orders from './orders';
import products from './products';
import sellerReviews from './seller-reviews';
import users from './users';

// Pages loaded when opened, so the console's first load does not carry them (docs/console.md, Size).
const GstReturnsPage = lazy(async () => ({ default: (await import('./reports/gst-returns-page')).GstReturnsPage }));
const Gstr8Page = lazy(async () => ({ default: (await import('./reports/gstr8-page')).Gstr8Page }));
const CommissionsPage = lazy(async () => ({
  default: (await import('./commissions/commissions-page')).CommissionsPage,
}));
const PayoutsPage = lazy(async () => ({ default: (await import('./payouts/payouts-page')).PayoutsPage }));
const OndcPage = lazy(async () => ({ default: (await import('./ondc/ondc-page')).OndcPage }));

/** What the console is built from; tests hand in their own identity, store and departure. */
export interface AppProps {
  identity: AdminIdentity;
  store?: ReturnType<typeof consoleStore>;
  /** Sends a non-admin away to the storefront root. */
  leave?: () => void;
}

/** The admin console of docs/console.md: Orders, Users and Interested Sellers, served under /adminpanel. */
export function App({ identity, store: givenStore, leave }: AppProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  // Made once: react-admin reruns its checks whenever a provider changes identity.
  const [store] = useState(() => givenStore ?? consoleStore());
  const { authProvider, dataProvider, getToken } = useMemo(() => {
    const getToken = async () => (await identity.currentUser())?.getIdToken() ?? null;
    return {
      getToken,
      authProvider: createAuthProvider({ identity, leave, onRefuse: setRefusal }),
      dataProvider: createDataProvider(getToken),
    };
  }, [identity, leave]);
  // Clean URLs under /adminpanel (the API serves the console's index.html for every /adminpanel path); with a
  // router of ours, react-admin uses it instead of its default hash router.
  return (
    <IdentityContext.Provider value={identity}>
      <RefusalContext.Provider value={refusal}>
        <BrowserRouter basename="/adminpanel">
          <Admin
            title="Mandi Admin"
            theme={theme}
            authProvider={authProvider}
            dataProvider={dataProvider}
            loginPage={LoginPage}
            layout={ConsoleLayout}
            // The home opens the tab chosen last time; the system health page has a route of its own.
            dashboard={RememberedTab}
            // The chosen tab, filter and search survive a reload (docs/console.md).
            store={store}
            requireAuth
            disableTelemetry
          >
            <Resource name="orders" {...orders} />
            <Resource name="users" {...users} />
            <Resource name="interested-sellers" {...interestedSellers} />
            <Resource name="seller-reviews" {...sellerReviews} />
            <Resource name="dead-jobs" {...deadJobs} />
            <Resource name="products" {...products} />
            <Resource name="audit" {...audit} />
            <CustomRoutes>
              <Route path="/dashboard" element={<BusinessDashboardRoute getToken={getToken} />} />
              <Route path="/health" element={<Dashboard getToken={getToken} />} />
              <Route path="/gst-returns" element={<GstReturnsPage getToken={getToken} />} />
              <Route path="/gstr8" element={<Gstr8Page getToken={getToken} />} />
              <Route path="/commissions" element={<CommissionsPage getToken={getToken} />} />
              <Route path="/payouts/*" element={<PayoutsPage getToken={getToken} />} />
              <Route path="/ondc/*" element={<OndcPage getToken={getToken} />} />
            </CustomRoutes>
          </Admin>
        </BrowserRouter>
      </RefusalContext.Provider>
    </IdentityContext.Provider>
  );
}
