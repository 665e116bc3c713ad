import { routeKey, routeUrl } from '@mandi/contracts/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentity, identityUser } from '../test/fake-identity';
import { renderApp, stubApi } from '../test/render-app';
import { readPendingSignUp, savePendingSignUp } from './pending-sign-up';

const EMAIL = 'ram@mandi.test';
const AGREED_AT = '2025-06-01T10:00:00.000Z';

/** A user who has just signed up: signed in, not yet verified, username kept by the sign-up page. */
function justSignedUp() {
  const user = identityUser('uid-ram', EMAIL);
  user.emailVerified = false;
  savePendingSignUp({ username: 'farmer_ram', email: EMAIL, agreedAt: AGREED_AT, deadline: Date.now() + 90_000 });
  const identity = fakeIdentity(user);
  return { user, identity };
}

async function openPage(identity: ReturnType<typeof fakeIdentity>) {
  const rendered = renderApp('/check-verification', { identity });
  await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
  return rendered;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});
afterEach(() => vi.useRealTimers());

describe('Verification page', () => {
  it('shows the address and the time left, counting down', async () => {
    stubApi({});
    const { identity } = justSignedUp();
    await openPage(identity);

    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('1:30');
    await advance(5_000);
    expect(screen.getByRole('timer')).toHaveTextContent(/1:2[45]/);
  });

  it('polls every 3 s; once verified it saves the account with a fresh token, signs out and goes to sign in', async () => {
    const { calls } = stubApi({ [routeKey('createUser')]: { status: 201, body: { userId: 9 } } });
    const { user, identity } = justSignedUp();
    const { router } = await openPage(identity);

    await advance(3_000);
    await waitFor(() => expect(identity.reloads).toBeGreaterThanOrEqual(1));
    expect(calls.some((call) => call.url === routeUrl('createUser'))).toBe(false);

    user.emailVerified = true;
    await advance(3_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));

    const create = calls.find((call) => call.url === routeUrl('createUser'));
    expect(create?.method).toBe('POST');
    expect(JSON.parse(String(create?.init?.body))).toEqual({
      email: EMAIL,
      username: 'farmer_ram',
      agreedToTerms: true,
      agreedAt: AGREED_AT,
      termsVersion: 'v1.0',
    });
    expect(new Headers(create?.init?.headers).get('Authorization')).toBe('Bearer token-of-uid-ram');
    expect(user.refreshes).toBe(1);
    expect(readPendingSignUp()).toBeNull();
    expect(identity.signOuts).toBe(1);
    expect(identity.deleted).toEqual([]);
    expect(
      await screen.findByText('Your email is verified and your account is ready. Sign in to continue.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
  });

  it('counts 409 (the record exists already) as success', async () => {
    stubApi({
      [routeKey('createUser')]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'User already exists.' },
      },
    });
    const { user, identity } = justSignedUp();
    user.emailVerified = true;
    const { router } = await openPage(identity);

    await advance(3_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(identity.deleted).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("deletes the identity account on a failed save, says 'Save Failed' and goes to sign in", async () => {
    stubApi({
      [routeKey('createUser')]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable.' },
      },
    });
    const { user, identity } = justSignedUp();
    user.emailVerified = true;
    const { router } = await openPage(identity);

    await advance(3_000);
    const dialog = await screen.findByRole('dialog', { name: 'Save Failed' });
    expect(dialog).toHaveTextContent('Database unavailable.');
    expect(identity.deleted).toEqual(['uid-ram']);
    expect(readPendingSignUp()).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it("says 'Something Went Wrong' when the save cannot even be tried (no stored username)", async () => {
    const { calls } = stubApi({});
    const { user, identity } = justSignedUp();
    localStorage.clear();
    user.emailVerified = true;
    const { router } = await openPage(identity);

    await advance(3_000);
    const dialog = await screen.findByRole('dialog', { name: 'Something Went Wrong' });
    expect(identity.deleted).toEqual(['uid-ram']);
    expect(calls.some((call) => call.url === routeUrl('createUser'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('gives up after 90 s: deletes the identity account, forgets the username, says so and goes to /signup', async () => {
    stubApi({});
    const { identity } = justSignedUp();
    const { router } = await openPage(identity);

    await advance(88_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(identity.deleted).toEqual([]);

    await advance(3_000);
    const dialog = await screen.findByRole('dialog', { name: 'Verification Timed Out' });
    expect(dialog).toHaveTextContent('Your email was not verified in time. Please sign up again.');
    expect(identity.deleted).toEqual(['uid-ram']);
    expect(readPendingSignUp()).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it('sends a visitor with no sign-up in progress to /signup', async () => {
    stubApi({});
    const { router } = renderApp('/check-verification', { identity: fakeIdentity(null) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });
});
