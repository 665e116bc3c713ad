import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app-providers';
import { routes } from '../app-routes';
import { setPageTextsTarget } from '../i18n/i18n';
import { fakeIdentity, identityUser, type FakeActionCode, type FakeIdentityOptions } from '../test/fake-identity';
import { renderApp, stubApi } from '../test/render-app';
import { testI18n } from '../test/i18n';

const RAM = 'ram@mandi.test';
const ASHA = 'asha@mandi.test';
const verifyLink = (oobCode: string) => `/auth/action?mode=verifyEmail&oobCode=${oobCode}`;
const resetLink = (oobCode: string) => `/auth/action?mode=resetPassword&oobCode=${oobCode}`;

/** Ram has just signed up (not verified yet); Asha has an account with a password she forgot. */
function identityWith(actionCodes: Record<string, FakeActionCode>, options: FakeIdentityOptions = {}) {
  const ram = identityUser('uid-ram', RAM);
  ram.emailVerified = false;
  const asha = identityUser('uid-asha', ASHA);
  // The fake reads `options` on every call, so a test may change it later (e.g. come back online).
  Object.assign(options, {
    accounts: [
      { user: ram, password: 'ram-secret' },
      { user: asha, password: 'forgotten' },
    ],
    actionCodes,
  });
  const identity = fakeIdentity(null, options);
  return { identity, ram, asha };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => vi.useRealTimers());

describe('Mail action page: verifyEmail', () => {
  it('verifies the address at once, says the sign-up tab finishes the account, and offers sign in', async () => {
    stubApi({});
    const { identity, ram } = identityWith({ 'verify-1': { mode: 'verifyEmail', email: RAM } });
    renderApp(verifyLink('verify-1'), { identity });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified.' })).toHaveFocus();
    expect(
      screen.getByText(/where you signed up: it notices the verification by itself and finishes creating your account/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
    expect(identity.verifiedEmails).toEqual([RAM]);
    expect(ram.emailVerified).toBe(true);
    await waitFor(() => expect(document.title).toBe('Verify your email | Mandi'));
  });

  it('applies the one-use code once under StrictMode (which runs effects twice)', async () => {
    stubApi({});
    const { identity } = identityWith({ 'verify-1': { mode: 'verifyEmail', email: RAM } });
    const router = createMemoryRouter(routes, { initialEntries: [verifyLink('verify-1')] });
    render(
      <StrictMode>
        <AppProviders identity={identity} i18n={testI18n()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified.' })).toBeInTheDocument();
    expect(identity.verifiedEmails).toEqual([RAM]);
  });

  it.each([
    ['already used', 'used-code', {}],
    ['expired', 'old-code', { 'old-code': { mode: 'verifyEmail', email: RAM, expired: true } }],
  ] as const)('tells a user whose link was %s to sign up again', async (_, oobCode, codes) => {
    stubApi({});
    const { identity, ram } = identityWith(codes);
    renderApp(verifyLink(oobCode), { identity });

    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This verification link has expired or was already used. Please sign up again.',
    );
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
    expect(ram.emailVerified).toBe(false);
  });

  it('offers a retry when the identity service could not be reached', async () => {
    stubApi({});
    const options: FakeIdentityOptions = { actionFailure: 'auth/network-request-failed' };
    const { identity } = identityWith({ 'verify-1': { mode: 'verifyEmail', email: RAM } }, options);
    renderApp(verifyLink('verify-1'), { identity });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not verify your email. Check your connection and try again.',
    );

    delete options.actionFailure; // back online
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified.' })).toBeInTheDocument();
    expect(identity.verifiedEmails).toEqual([RAM]);
  });
  it('tells a disabled account to contact support, with no retry', async () => {
    stubApi({});
    const { identity } = identityWith(
      { 'verify-1': { mode: 'verifyEmail', email: RAM } },
      { actionFailure: 'auth/user-disabled' },
    );
    renderApp(verifyLink('verify-1'), { identity });

    expect(await screen.findByRole('alert')).toHaveTextContent('This account has been disabled. Contact support.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('Mail action page: resetPassword', () => {
  async function openResetForm(
    codes: Record<string, FakeActionCode> = { 'reset-1': { mode: 'resetPassword', email: ASHA } },
  ) {
    const { identity } = identityWith(codes);
    const rendered = renderApp(resetLink('reset-1'), { identity });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(await screen.findByText(ASHA, { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/^Reset the password for/)).toHaveTextContent(`Reset the password for ${ASHA}`);
    return { identity, ...rendered };
  }

  async function fillIn(password: string, confirmation: string) {
    if (password) await userEvent.type(screen.getByLabelText('New password'), password);
    if (confirmation) await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('names the account, changes the password, then goes to sign in after 5 s with the address filled in', async () => {
    stubApi({});
    const { identity, router } = await openResetForm();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 6 characters.');
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });

    await fillIn('fresh-start', 'fresh-start');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your password has been changed.' })).toHaveFocus();
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Returning to sign in…');
    expect(identity.passwordResets).toEqual([{ email: ASHA, newPassword: 'fresh-start' }]);

    await advance(4_500);
    expect(router.state.location.pathname).toBe('/auth/action');
    await advance(600);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByLabelText('Email')).toHaveValue(ASHA);
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Your password has been changed. Sign in with your new password.',
    );

    // The old password no longer works, the new one does.
    await expect(identity.signInWithEmail(ASHA, 'forgotten')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(identity.signInWithEmail(ASHA, 'fresh-start')).resolves.toMatchObject({ email: ASHA });
  });

  it("goes to sign in at once with 'Sign in now'", async () => {
    stubApi({});
    const { router } = await openResetForm();
    await fillIn('fresh-start', 'fresh-start');

    await userEvent.click(await screen.findByRole('link', { name: 'Sign in now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByLabelText('Email')).toHaveValue(ASHA);
  });

  it.each([
    ['different passwords', 'fresh-start', 'fresh-strat', 'Passwords do not match.', 'Confirm new password'],
    ['a password under 6 characters', 'short', 'short', 'Password must be at least 6 characters.', 'New password'],
    ['no confirmation', 'fresh-start', '', 'Please enter and confirm your new password.', 'Confirm new password'],
    ['nothing typed', '', '', 'Please enter and confirm your new password.', 'New password'],
  ])('refuses %s without calling the identity service', async (_, password, confirmation, message, field) => {
    stubApi({});
    const { identity } = await openResetForm();
    await fillIn(password, confirmation);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(field)).toHaveFocus();
    expect(identity.passwordResets).toEqual([]);
  });

  it.each([
    [
      "the identity service's weak-password refusal",
      'auth/weak-password',
      '123456',
      'Password must be at least 6 characters.',
    ],
    [
      "that the identity service can't be reached",
      'auth/network-request-failed',
      'fresh-start',
      'We could not change your password. Check your connection and try again.',
    ],
  ])('keeps the form and shows %s', async (_, code, newPassword, message) => {
    stubApi({});
    const { identity } = await openResetForm();
    identity.confirmNewPassword = async () => {
      throw Object.assign(new Error(code), { code });
    };
    await fillIn(newPassword, newPassword);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it('sends one change however often the button is pressed while it is being made', async () => {
    stubApi({});
    const { identity } = await openResetForm();
    let finish!: () => void;
    const made: string[] = [];
    identity.confirmNewPassword = (_code, newPassword) => {
      made.push(newPassword);
      return new Promise<void>((resolve) => (finish = resolve));
    };
    await fillIn('fresh-start', 'fresh-start');

    const button = await screen.findByRole('button', { name: 'Changing password…' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    screen.getByLabelText('Confirm new password').closest('form')!.requestSubmit();
    expect(made).toEqual(['fresh-start']);

    await act(async () => finish());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been changed.' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['already used', {}],
    ['expired', { 'reset-1': { mode: 'resetPassword', email: ASHA, expired: true } }],
  ] as const)('sends a user whose link was %s to ask for a new one', async (_, codes) => {
    stubApi({});
    const { identity } = identityWith(codes);
    renderApp(resetLink('reset-1'), { identity });

    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This password reset link has expired or was already used. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the link has expired when it was used in another tab after the form opened', async () => {
    stubApi({});
    const { identity } = await openResetForm();
    await identity.confirmNewPassword('reset-1', 'other-tab'); // the same mail's link, finished elsewhere
    await fillIn('fresh-start', 'fresh-start');

    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(identity.passwordResets).toEqual([{ email: ASHA, newPassword: 'other-tab' }]);
  });

  it('offers a retry when the link could not be checked', async () => {
    stubApi({});
    const options: FakeIdentityOptions = { actionFailure: 'auth/network-request-failed' };
    const { identity } = identityWith({ 'reset-1': { mode: 'resetPassword', email: ASHA } }, options);
    renderApp(resetLink('reset-1'), { identity });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not check your reset link. Check your connection and try again.',
    );

    delete options.actionFailure;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ASHA, { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });
});

describe('Mail action page: a link that is not valid', () => {
  it.each([
    ['/auth/action'],
    ['/auth/action?mode=verifyEmail'],
    ['/auth/action?mode=resetPassword&oobCode='],
    ['/auth/action?oobCode=abc'],
    ['/auth/action?mode=recoverEmail&oobCode=abc'],
  ])('%s says the link is not valid and links home', async (path) => {
    stubApi({});
    const identity = fakeIdentity(null);
    renderApp(path, { identity });

    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid.' })).toBeInTheDocument();
    expect(screen.getByText(/Open the link from the email again/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});

describe('Mail action page in another language', () => {
  it('reads the same card in Hindi after a switch, leaving the focus on the switch', async () => {
    stubApi({});
    const { identity } = identityWith({ 'verify-1': { mode: 'verifyEmail', email: RAM } });
    // As main.tsx does: the pages' texts of the language switched to are loaded into this instance.
    const i18n = testI18n();
    setPageTextsTarget(i18n);
    const router = createMemoryRouter(routes, { initialEntries: [verifyLink('verify-1')] });
    render(
      <AppProviders identity={identity} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Your email is verified.' });

    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    await userEvent.click(hindi);
    const heading = await screen.findByRole('heading', { level: 1, name: 'आपका ईमेल सत्यापित हो गया है।' });
    expect(screen.getByRole('link', { name: 'साइन इन पर जाएँ' })).toHaveAttribute('href', '/signin');
    expect(heading).not.toHaveFocus();
    expect(hindi).toHaveFocus();
  });
});
