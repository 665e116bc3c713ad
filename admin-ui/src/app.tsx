import { Admin, Resource, localStorageStore } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { createAuthProvider } from './auth/auth-provider';
import type { AdminIdentity } from './auth/identity';
import { Dashboard } from './dashboard/dashboard';
import { createDataProvider } from './data/data-provider';
import interestedSellers from './interested-sellers';
import { LoginPage } from './layout/login-page';
import { theme } from './layout/theme';
import orders from './orders';
import users from './users';

/** The admin console of 001 section 2: Orders, Users and Interested Sellers, served under /adminpanel. */
export function App({ identity }: { identity: AdminIdentity }) {
  const getToken = async () => (await identity.currentUser())?.getIdToken() ?? null;
  // Clean URLs under /adminpanel (the API serves the console's index.html for every /adminpanel path); with a
  // router of ours, react-admin uses it instead of its default hash router.
  return (
    <BrowserRouter basename="/adminpanel">
      <Admin
        title="Mandi Admin"
        theme={theme}
        authProvider={createAuthProvider({ identity })}
        dataProvider={createDataProvider(getToken)}
        loginPage={LoginPage}
        dashboard={() => <Dashboard getToken={getToken} />}
        // The chosen tab, filter and search survive a reload (001 section 2).
        store={localStorageStore(undefined, 'mandi-admin')}
        requireAuth
        disableTelemetry
      >
        <Resource name="orders" {...orders} />
        <Resource name="users" {...users} />
        <Resource name="interested-sellers" {...interestedSellers} />
      </Admin>
    </BrowserRouter>
  );
}
