import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, type FakeIdentityOptions } from '../test/fake-identity';
import { renderApp, stubApi } from '../test/render-app';

const ASHA = 'asha@mandi.test';
const userStatus = (email: string) => routeKey('userStatus', { query: { email } });
const userExists = (email: string) => routeKey('userExists', { query: { email } });

function asha(verified = true) {
  const user = identityUser('uid-asha', ASHA);
  user.emailVerified = verified;
  return user;
}

async function openSignIn(options: FakeIdentityOptions = {}) {
  const identity = fakeIdentity(null, options);
  const rendered = renderApp('/signin', { identity });
  await screen.findByRole('heading', { level: 1, name: 'Sign in to Mandi' });
  return { identity, ...rendered };
}

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Sign-in page', () => {
  it("asks for both fields with 'Missing Fields'", async () => {
    stubApi({});
    await openSignIn();
    await userEvent.type(screen.getByLabelText('Email'), ASHA);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const dialog = await screen.findByRole('dialog', { name: 'Missing Fields' });
    expect(dialog).toHaveTextContent('Please enter your email and password.');
  });

  it('shows the wrong-password message and only then the forgot-password link', async () => {
    const { calls } = stubApi({ [userExists(ASHA)]: { body: { exists: true } } });
    await openSignIn({ accounts: [{ user: asha(), password: 'right-one' }] });
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();

    await signIn(ASHA, 'wrong-one');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password. Please try again.');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    // Firebase's single 'invalid-credential' was settled by asking whether the address has an account.
    expect(calls.map((call) => call.url)).toContain(routeUrl('userExists', { query: { email: ASHA } }));
  });

  it('tells an unknown address to sign up first, without the forgot-password link', async () => {
    stubApi({ [userExists('nobody@mandi.test')]: { body: { exists: false } } });
    await openSignIn();
    await signIn('nobody@mandi.test', 'whatever');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No account found with this email. Please sign up first.',
    );
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it.each([
    ['auth/wrong-password', 'Incorrect password. Please try again.'],
    ['auth/user-not-found', 'No account found with this email. Please sign up first.'],
    ['auth/user-disabled', 'This account has been disabled. Contact support.'],
    ['auth/invalid-email', 'Invalid email address format.'],
    ['auth/network-request-failed', 'Something went wrong on our end...'],
  ])('maps %s to its message', async (code, message) => {
    stubApi({});
    await openSignIn({ signInFailure: code });
    await signIn(ASHA, 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('checks the address format before calling the identity service', async () => {
    stubApi({});
    await openSignIn();
    await signIn('asha.mandi.test', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address format.');
  });

  it("deletes an unverified account with 'Unverified Account'", async () => {
    stubApi({});
    const { identity, router } = await openSignIn({ accounts: [{ user: asha(false), password: 'secret1' }] });
    await signIn(ASHA, 'secret1');

    const dialog = await screen.findByRole('dialog', { name: 'Unverified Account' });
    expect(dialog).toHaveTextContent('Account was not verified. Please sign up again.');
    expect(identity.deleted).toEqual(['uid-asha']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/signin');
  });

  it("signs a suspended account out with 'Account Suspended'", async () => {
    stubApi({ [userStatus(ASHA)]: { body: { status: 'suspended' } } });
    const { identity, router } = await openSignIn({ accounts: [{ user: asha(), password: 'secret1' }] });
    await signIn(ASHA, 'secret1');

    const dialog = await screen.findByRole('dialog', { name: 'Account Suspended' });
    expect(dialog).toHaveTextContent('Your account has been suspended. Contact support.');
    expect(identity.signOuts).toBe(1);
    expect(identity.currentUser()).toBeNull();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('goes home after a successful sign-in of an active account', async () => {
    stubApi({ [userStatus(ASHA)]: { body: { status: 'active' } } });
    const { identity, router } = await openSignIn({ accounts: [{ user: asha(), password: 'secret1' }] });
    await signIn(ASHA, 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(identity.currentUser()?.uid).toBe('uid-asha');
    expect(identity.signOuts).toBe(0);
  });

  it('signs in with Google: oauth-login with the bearer token and the terms, the status check, then home', async () => {
    const google = identityUser('uid-google', 'ravi@gmail.test');
    google.displayName = 'Ravi';
    const { calls } = stubApi({
      [routeKey('oauthLogin')]: { body: { isNewUser: true, user: { username: 'ravi' } } },
      [userStatus('ravi@gmail.test')]: { body: { status: 'active' } },
    });
    const { router } = await openSignIn({ google });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const login = calls.find((call) => call.url === routeUrl('oauthLogin'));
    expect(new Headers(login?.init?.headers).get('Authorization')).toBe('Bearer token-of-uid-google');
    const body = JSON.parse(String(login?.init?.body));
    expect(body).toMatchObject({
      provider: 'google',
      uid: 'uid-google',
      email: 'ravi@gmail.test',
      displayName: 'Ravi',
      photoURL: null,
      agreedToTerms: true,
      termsVersion: 'v1.0',
    });
    expect(new Date(body.agreedAt).toISOString()).toBe(body.agreedAt);
    expect(body).not.toHaveProperty('ipAddress');
    // The role is read when the user appears and again once oauth-login has made the record (the first read came
    // too early for a new user).
    await waitFor(() => expect(calls.filter((call) => call.url === routeUrl('getUserId'))).toHaveLength(2));
  });

  it('signs a suspended Google user out when oauth-login answers 403', async () => {
    stubApi({
      [routeKey('oauthLogin')]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Your account has been suspended. Contact support.' },
      },
    });
    const { identity } = await openSignIn({ google: identityUser('uid-google', 'ravi@gmail.test') });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByRole('dialog', { name: 'Account Suspended' })).toHaveTextContent(
      'Your account has been suspended. Contact support.',
    );
    expect(identity.signOuts).toBe(1);
  });

  it('says nothing when the Google window is closed', async () => {
    stubApi({});
    await openSignIn({ google: 'auth/popup-closed-by-user' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('finishes a Google sign-in that comes back from a redirect', async () => {
    const { calls } = stubApi({
      [routeKey('oauthLogin')]: { body: { isNewUser: false, user: { username: 'ravi' } } },
      [userStatus('ravi@gmail.test')]: { body: { status: 'active' } },
    });
    const identity = fakeIdentity(null, { redirectUser: identityUser('uid-google', 'ravi@gmail.test') });
    const { router } = renderApp('/signin', { identity });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.url === routeUrl('oauthLogin'))).toHaveLength(1);
  });

  it('links to sign-up, the terms and the privacy policy', async () => {
    stubApi({});
    await openSignIn();
    const card = within(screen.getByRole('region', { name: 'Sign in to Mandi' }));
    expect(card.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(card.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(card.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});

describe('Sign-in page in Hindi', () => {
  it('reads in Hindi, refusals and the legal links included', async () => {
    stubApi({ [userExists(ASHA)]: { body: { exists: true } } });
    const identity = fakeIdentity(null, { accounts: [{ user: asha(), password: 'right-one' }] });
    renderApp('/signin', { identity, language: 'hi' });
    const card = within(await screen.findByRole('region', { name: 'मंडी में साइन इन करें' }));
    expect(card.getByRole('link', { name: 'नियम और शर्तों' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(card.getByRole('link', { name: 'गोपनीयता नीति' })).toHaveAttribute('href', '/privacy-policy');
    expect(card.getByRole('button', { name: 'Google से जारी रखें' })).toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'साइन इन करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'जानकारी अधूरी है' });
    expect(dialog).toHaveTextContent('कृपया अपना ईमेल और पासवर्ड लिखें।');
    await userEvent.click(within(dialog).getByRole('button'));

    await userEvent.type(card.getByLabelText('ईमेल'), ASHA);
    await userEvent.type(card.getByLabelText('पासवर्ड'), 'wrong-one');
    await userEvent.click(card.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('पासवर्ड गलत है। कृपया फिर से कोशिश करें।');
    expect(card.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows the server's known answer in Hindi and an unknown one as the server wrote it", async () => {
    stubApi({
      [userStatus(ASHA)]: {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests. Please try again in a moment.',
        },
      },
    });
    const identity = fakeIdentity(null, { accounts: [{ user: asha(), password: 'secret1' }] });
    renderApp('/signin', { identity, language: 'hi' });
    await userEvent.type(await screen.findByLabelText('ईमेल'), ASHA);
    await userEvent.type(screen.getByLabelText('पासवर्ड'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('बहुत ज़्यादा अनुरोध आए हैं। कृपया थोड़ी देर बाद फिर कोशिश करें।');
  });
});
