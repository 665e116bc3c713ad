import { routeKey, routeUrl } from '@mandi/contracts/client';
import type { Language } from '@mandi/domain';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app-providers';
import type { IdentityUser } from '../auth/identity';
import { fakeIdentity, identityUser, stubApi } from '../test/render-app';
import { testI18n } from '../test/i18n';
import { useSaveAccountLanguage } from './account-language';
import { useLanguage } from './i18n';

// The account follows the storefront's language (issue 18): the setAccountLanguage route when a signed-in visitor
// switches, and once after sign-in when the account may not know the language yet.

const asha = identityUser('uid-asha', 'asha@mandi.test');

let switchTo: (language: Language) => Promise<void>;

function Probe() {
  useSaveAccountLanguage();
  switchTo = useLanguage().setLanguage;
  return null;
}

function renderSignedIn(user: IdentityUser | null, language: Language = 'en') {
  const identity = fakeIdentity(user, { accounts: [{ user: asha, password: 'secret-1' }] });
  render(
    <AppProviders identity={identity} queryClient={createQueryClient()} i18n={testI18n(language)}>
      <Probe />
    </AppProviders>,
  );
  return identity;
}

let api: ReturnType<typeof stubApi>;
const saves = () =>
  api.calls
    .filter((call) => call.url === routeUrl('setAccountLanguage'))
    .map((call) => ({
      method: call.method,
      body: JSON.parse(String(call.init?.body)),
      auth: new Headers(call.init?.headers).get('authorization'),
    }));

beforeEach(() => {
  localStorage.clear();
  api = stubApi({
    [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
    [routeKey('setAccountLanguage')]: { status: 204 },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** Lets the sign-in's user-id call and any save settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useSaveAccountLanguage', () => {
  it("saves a signed-in visitor's switch as their account's language", async () => {
    renderSignedIn(asha);
    await settle();
    // English is every account's language to begin with: a sign-in in English that never switched tells nothing.
    expect(saves()).toEqual([]);

    await act(() => switchTo('hi'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({ method: 'PUT', body: { language: 'hi' }, auth: 'Bearer token-of-uid-asha' });
    await act(() => switchTo('en'));
    await waitFor(() => expect(saves().map((save) => save.body.language)).toEqual(['hi', 'en']));
  });

  it('saves nothing for a visitor who is not signed in, and their language once they sign in', async () => {
    const identity = renderSignedIn(null);
    await settle();
    await act(() => switchTo('hi'));
    await settle();
    expect(saves()).toEqual([]);

    await act(() => identity.signInWithEmail('asha@mandi.test', 'secret-1'));
    await settle();
    expect(saves()).toEqual([{ method: 'PUT', body: { language: 'hi' }, auth: 'Bearer token-of-uid-asha' }]);
  });

  it('after sign-in, saves English only when this browser last saved another language for the account', async () => {
    localStorage.setItem('mandi.accountLanguage.uid-asha', 'en');
    renderSignedIn(asha, 'en');
    await settle();
    expect(saves()).toEqual([]);
  });

  it('after sign-in, saves Hindi even when this browser saved it before: the account may have changed elsewhere', async () => {
    localStorage.setItem('mandi.accountLanguage.uid-asha', 'hi');
    renderSignedIn(asha, 'hi');
    await settle();
    expect(saves().map((save) => save.body)).toEqual([{ language: 'hi' }]);
    expect(localStorage.getItem('mandi.accountLanguage.uid-asha')).toBe('hi');
  });

  it('waits for the account: a Firebase user the API does not know yet saves nothing', async () => {
    api = stubApi({
      [routeKey('getUserId')]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No account' } },
      [routeKey('setAccountLanguage')]: { status: 204 },
    });
    renderSignedIn(asha, 'hi');
    await settle();
    expect(saves()).toEqual([]);
  });

  it('does not remember a save that failed, so the next sign-in tries again', async () => {
    api = stubApi({
      [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
      [routeKey('setAccountLanguage')]: {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Down' },
      },
    });
    renderSignedIn(asha, 'hi');
    await settle();
    expect(saves()).toHaveLength(1);
    expect(localStorage.getItem('mandi.accountLanguage.uid-asha')).toBeNull();
  });
});
