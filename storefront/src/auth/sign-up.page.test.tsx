import { routeKey, routeUrl } from '@mandi/contracts/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentity, identityUser, type FakeIdentityOptions } from '../test/fake-identity';
import { renderApp, stubApi } from '../test/render-app';
import { readPendingSignUp } from './pending-sign-up';

const checkName = (name: string) => routeKey('checkUsername', { query: { username: name } });

async function openSignUp(options: FakeIdentityOptions = {}) {
  const identity = fakeIdentity(null, options);
  const rendered = renderApp('/signup', { identity });
  await screen.findByRole('heading', { level: 1, name: 'Create your Mandi account' });
  return { identity, ...rendered };
}

const usernameStatus = () => screen.getByLabelText('Username').getAttribute('aria-describedby')!;
const statusText = () => document.getElementById(usernameStatus())?.textContent;

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  fields: { username?: string; email?: string; password?: string; confirm?: string; agree?: boolean },
) {
  if (fields.username) await user.type(screen.getByLabelText('Username'), fields.username);
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  if (fields.password) await user.type(screen.getByLabelText('Password'), fields.password);
  if (fields.confirm) await user.type(screen.getByLabelText('Confirm password'), fields.confirm);
  if (fields.agree) await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
}

const complete = {
  username: 'farmer_ram',
  email: 'ram@mandi.test',
  password: 'secret1',
  confirm: 'secret1',
  agree: true,
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
});

describe('Sign-up page: username check', () => {
  it('reads short, invalid or valid at once, then checking and taken or available 1 s after typing stops', async () => {
    let answerTaken: (value: { body: unknown }) => void = () => undefined;
    const { calls } = stubApi({
      [checkName('farmer_ram')]: () => new Promise((resolve) => (answerTaken = resolve)),
      [checkName('farmer_ravi')]: { body: { available: true } },
    });
    await openSignUp();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const field = screen.getByLabelText('Username');

    expect(statusText()).toBe('At least 3 characters: letters, digits or underscore.');
    await user.type(field, 'fa');
    expect(statusText()).toBe('At least 3 characters: letters, digits or underscore.');
    await user.type(field, 'r-');
    expect(statusText()).toBe('Only letters, digits and underscore, 3 to 15 characters.');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'farmer_ram');
    expect(statusText()).toBe('Valid username.');
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(calls.filter((call) => call.url.startsWith(routeUrl('checkUsername')))).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(statusText()).toBe('Checking availability…');
    await act(async () => answerTaken({ body: { available: false } }));
    await waitFor(() => expect(statusText()).toBe('Username is taken.'));

    await user.clear(field);
    await user.type(field, 'farmer_ravi');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(statusText()).toBe('Username is available.'));
    // One check per pause in typing, for the name as it then stood.
    expect(calls.map((call) => call.url).filter((url) => url.startsWith(routeUrl('checkUsername')))).toEqual([
      routeUrl('checkUsername', { query: { username: 'farmer_ram' } }),
      routeUrl('checkUsername', { query: { username: 'farmer_ravi' } }),
    ]);
  });
});

describe('Sign-up page: submission', () => {
  it.each([
    [{ ...complete, agree: false }, 'Incomplete Form', 'Please fill in all fields and accept the terms.'],
    [{ ...complete, confirm: '' }, 'Incomplete Form', 'Please fill in all fields and accept the terms.'],
    [
      { ...complete, username: 'ram kumar' },
      'Invalid Username',
      'Username must be 3 to 15 characters: letters, digits and underscore only.',
    ],
    [{ ...complete, confirm: 'secret2' }, 'Password Error', 'Passwords do not match.'],
  ])('refuses %j with %s', async (fields, title, text) => {
    stubApi({ [checkName('farmer_ram')]: { body: { available: true } } });
    const { identity } = await openSignUp();
    const user = userEvent.setup();
    await fillForm(user, fields);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('dialog', { name: title })).toHaveTextContent(text);
    expect(identity.created).toHaveLength(0);
  });

  it("refuses a taken username with 'Username Taken' even before the background check ran", async () => {
    stubApi({ [checkName('farmer_ram')]: { body: { available: false } } });
    const { identity } = await openSignUp();
    const user = userEvent.setup();
    await fillForm(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('dialog', { name: 'Username Taken' })).toHaveTextContent(
      'This username is already taken. Please choose another.',
    );
    expect(identity.created).toHaveLength(0);
  });

  it('creates the account, keeps the username, asks for the verification mail and goes to /check-verification', async () => {
    const { calls } = stubApi({
      [checkName('farmer_ram')]: { body: { available: true } },
      [routeKey('sendVerification')]: { body: { message: 'Verification email sent.' } },
    });
    const { identity, router } = await openSignUp();
    const user = userEvent.setup();
    await fillForm(user, complete);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/check-verification'));
    expect(identity.created.map((created) => created.email)).toEqual(['ram@mandi.test']);
    const send = calls.find((call) => call.url === routeUrl('sendVerification'));
    expect(JSON.parse(String(send?.init?.body))).toEqual({
      email: 'ram@mandi.test',
      displayName: 'farmer_ram',
      uid: 'uid-new-1',
    });
    expect(new Headers(send?.init?.headers).get('Authorization')).toBe('Bearer token-of-uid-new-1');
    const pending = readPendingSignUp();
    expect(pending).toMatchObject({ username: 'farmer_ram', email: 'ram@mandi.test' });
    expect(pending!.deadline).toBeGreaterThanOrEqual(before + 90_000);
  });

  it('blocks a second submission while the first is running', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { calls } = stubApi({
      [checkName('farmer_ram')]: { body: { available: true } },
      [routeKey('sendVerification')]: () => new Promise((resolve) => (answer = resolve)),
    });
    const { identity } = await openSignUp();
    const user = userEvent.setup();
    await fillForm(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const busy = await screen.findByRole('button', { name: 'Creating account…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    answer({ body: { message: 'sent' } });
    await waitFor(() => expect(calls.filter((call) => call.url === routeUrl('sendVerification'))).toHaveLength(1));
    expect(identity.created).toHaveLength(1);
  });

  it('sends an address that already has an account to /signin', async () => {
    stubApi({ [checkName('farmer_ram')]: { body: { available: true } } });
    const { router } = await openSignUp({
      accounts: [{ user: identityUser('uid-old', 'ram@mandi.test'), password: 'x' }],
    });
    const user = userEvent.setup();
    await fillForm(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signup Failed' });
    expect(dialog).toHaveTextContent('An account with this email already exists.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByLabelText('Email')).toHaveValue('ram@mandi.test');
  });

  it("removes the new identity account when the name was taken meanwhile (409) and says 'Username Taken'", async () => {
    stubApi({
      [checkName('farmer_ram')]: { body: { available: true } },
      [routeKey('sendVerification')]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'This username is already taken. Please choose another.' },
      },
    });
    const { identity, router } = await openSignUp();
    const user = userEvent.setup();
    await fillForm(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('dialog', { name: 'Username Taken' })).toBeInTheDocument();
    expect(identity.deleted).toEqual(['uid-new-1']);
    expect(readPendingSignUp()).toBeNull();
    expect(router.state.location.pathname).toBe('/signup');
    expect(statusText()).toBe('Username is taken.');
  });

  it("says 'Signup Failed' with the server's message when the mail cannot be sent", async () => {
    stubApi({
      [checkName('farmer_ram')]: { body: { available: true } },
      [routeKey('sendVerification')]: {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Mail is down.' },
      },
    });
    const { identity } = await openSignUp();
    const user = userEvent.setup();
    await fillForm(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('dialog', { name: 'Signup Failed' })).toHaveTextContent('Mail is down.');
    expect(identity.deleted).toEqual(['uid-new-1']);
  });

  it("says 'Signup Failed' for a password the identity service refuses", async () => {
    stubApi({ [checkName('farmer_ram')]: { body: { available: true } } });
    await openSignUp();
    const user = userEvent.setup();
    await fillForm(user, { ...complete, password: 'abc', confirm: 'abc' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('dialog', { name: 'Signup Failed' })).toHaveTextContent(
      'Password must be at least 6 characters.',
    );
  });

  it('offers Google, the terms, the privacy policy and the way to sign in', async () => {
    stubApi({});
    await openSignUp();
    const card = within(screen.getByRole('region', { name: 'Create your Mandi account' }));
    expect(card.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(card.getAllByRole('link', { name: 'Terms and Conditions' })[0]).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(card.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute('href', '/privacy-policy');
    expect(card.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});

describe('Sign-up page in Hindi', () => {
  it("shows the username hints and the form's refusals in Hindi", async () => {
    stubApi({ [checkName('farmer_ram')]: { body: { available: true } } });
    renderApp('/signup', { identity: fakeIdentity(null), language: 'hi' });
    await screen.findByRole('heading', { level: 1, name: 'अपना मंडी खाता बनाएँ' });
    const user = userEvent.setup();
    const username = screen.getByLabelText('यूज़रनेम');
    const hint = () => document.getElementById(username.getAttribute('aria-describedby')!)?.textContent;
    expect(hint()).toBe('कम से कम 3 अक्षर: अंग्रेज़ी अक्षर, अंक या अंडरस्कोर (_)।');
    await user.type(username, 'ram kumar');
    expect(hint()).toBe('केवल अंग्रेज़ी अक्षर, अंक और अंडरस्कोर (_), 3 से 15 अक्षर।');

    await user.type(screen.getByLabelText('ईमेल'), 'ram@mandi.test');
    await user.type(screen.getByLabelText('पासवर्ड'), 'secret1');
    await user.type(screen.getByLabelText('पासवर्ड दोबारा लिखें'), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: 'मैं नियम और शर्तों तथा गोपनीयता नीति से सहमत हूँ।' }));
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(await screen.findByRole('dialog', { name: 'यूज़रनेम सही नहीं है' })).toHaveTextContent(
      'यूज़रनेम 3 से 15 अक्षरों का होना चाहिए: केवल अंग्रेज़ी अक्षर, अंक और अंडरस्कोर (_)।',
    );
  });
});
