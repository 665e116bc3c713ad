import { newUser } from '@mandi/database';
import { readCapturedMails } from '@mandi/mail';
import {
  firstLink,
  newSignup,
  oobCodeOf,
  runHandler,
  TEST_PUBLIC_URL,
  useAccountJobs,
} from '../accounts/testing/account-jobs.testing.js';
import { ACCOUNT_MAIL_SUBJECTS } from './account-mails.js';
import { PasswordResetMailHandler } from './password-reset-mail.handler.js';
import { VerificationMailHandler } from './verification-mail.handler.js';

// The mail jobs against the real database, the Auth emulator and the capture transport: what lands in the
// mailbox, and whether its link does what it says.

const world = useAccountJobs();

/** Whether the emulator accepts the e-mail and password. */
const canSignIn = async (email: string, password: string) =>
  (await world.accounts.signIn(email, password)).token !== undefined;
const mailsTo = (email: string) => readCapturedMails(world.config.MAIL_CAPTURE_DIR, { to: email });
/** The link of an HTML body's button, as a mail program would follow it. */
const buttonLink = (html: string) =>
  /<a href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&').replaceAll('&#x3D;', '=');

describe('mail.verification', () => {
  const handler = () => world.app.get(VerificationMailHandler);

  it('mails the verification link to a new account while its window is open; the link verifies the account', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, 90_000);

    await runHandler(world.db, handler(), { signupId: signup.id });

    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ subject: ACCOUNT_MAIL_SUBJECTS.verification, from: world.config.MAIL_FROM });
    expect(mail!.text).toContain(`Hi ${signup.username},`);
    expect(mail!.text).toContain('The link is valid for 90 seconds.');
    expect(mail!.html).toContain(`Hi ${signup.username},`);
    expect(mail!.html).toContain('The link is valid for 90 seconds.');
    expect(mail!.html).toContain('#2E7D32');

    const link = firstLink(mail!.text);
    expect(buttonLink(mail!.html)).toBe(link);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_PUBLIC_URL}/auth/action`);
    expect(url.searchParams.get('mode')).toBe('verifyEmail');

    expect((await world.accounts.lookup(account.uid))!.emailVerified).toBe(false);
    expect((await world.accounts.applyActionCode(oobCodeOf(link))).status).toBe(200);
    expect((await world.accounts.lookup(account.uid))!.emailVerified).toBe(true);
  });

  it('mails nothing once the window is over', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, -1_000);
    await runHandler(world.db, handler(), { signupId: signup.id });
    expect(await mailsTo(account.email)).toEqual([]);
  });

  it('mails nothing for a sign-up that is gone', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, 90_000);
    await world.db.prisma.signup.delete({ where: { id: signup.id } });
    await runHandler(world.db, handler(), { signupId: signup.id });
    expect(await mailsTo(account.email)).toEqual([]);
  });

  it('mails nothing when the Firebase account was removed meanwhile', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, 90_000);
    await world.accounts.deleteAccounts([account.uid]);
    await runHandler(world.db, handler(), { signupId: signup.id });
    expect(await mailsTo(account.email)).toEqual([]);
  });
});

describe('mail.password_reset', () => {
  const handler = () => world.app.get(PasswordResetMailHandler);

  it('mails an active account a reset link that sets a new password', async () => {
    const account = await world.accounts.verifiedSignUp();
    const user = await newUser(world.db.prisma, { firebaseUid: account.uid, email: account.email });

    await runHandler(world.db, handler(), { userId: user.id });

    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(ACCOUNT_MAIL_SUBJECTS.passwordReset);
    expect(mail!.text).toContain(`Hi ${user.username},`);
    expect(mail!.html).toContain(`Hi ${user.username},`);
    const link = firstLink(mail!.text);
    expect(buttonLink(mail!.html)).toBe(link);
    expect(new URL(link).searchParams.get('mode')).toBe('resetPassword');
    expect(`${new URL(link).origin}${new URL(link).pathname}`).toBe(`${TEST_PUBLIC_URL}/auth/action`);

    expect((await world.accounts.resetPassword(oobCodeOf(link), 'second-password')).status).toBe(200);
    expect(await canSignIn(account.email, 'second-password')).toBe(true);
    expect(await canSignIn(account.email, account.password)).toBe(false);
  });

  it.each([
    ['suspended', { status: 'suspended' as const }],
    ['deleted', { deletedAt: new Date() }],
  ])('mails nothing to a %s account', async (_state, overrides) => {
    const account = await world.accounts.verifiedSignUp();
    const user = await newUser(world.db.prisma, { firebaseUid: account.uid, email: account.email, ...overrides });
    await runHandler(world.db, handler(), { userId: user.id });
    expect(await mailsTo(account.email)).toEqual([]);
  });

  it('mails nothing when Firebase has no account for the address, nor for an unknown user', async () => {
    const user = await newUser(world.db.prisma);
    await runHandler(world.db, handler(), { userId: user.id });
    await runHandler(world.db, handler(), { userId: user.id + 1_000 });
    expect(await mailsTo(user.email)).toEqual([]);
  });
});
