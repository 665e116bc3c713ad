import { newUser } from '@mandi/database';
import { IdentityRemovalHandler } from './identity-removal.handler.js';
import { SignupExpiryHandler } from './signup-expiry.handler.js';
import { newSignup, runHandler, useAccountJobs } from './testing/account-jobs.testing.js';

// The account jobs against the real database and the Auth emulator.

const world = useAccountJobs();

const signupExists = async (id: number) => (await world.db.prisma.signup.count({ where: { id } })) === 1;

describe('signup.expire', () => {
  const expire = (signupId: number) => runHandler(world.db, world.app.get(SignupExpiryHandler), { signupId });

  it('deletes an account left unverified past its window, and frees its username', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, -1_000);

    await expire(signup.id);

    expect(await world.accounts.exists(account.uid)).toBe(false);
    expect(await signupExists(signup.id)).toBe(false);
    // The name can be reserved again, by someone else.
    const other = await world.accounts.signUp();
    await expect(
      world.db.prisma.signup.create({
        data: {
          firebaseUid: other.uid,
          email: other.email,
          username: signup.username,
          expiresAt: new Date(Date.now() + 90_000),
        },
      }),
    ).resolves.toMatchObject({ username: signup.username });
  });

  it('changes nothing a second time (a retried or repeated job)', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, -1_000);
    await expire(signup.id);
    await expect(expire(signup.id)).resolves.toBeUndefined();
    expect(await world.accounts.exists(account.uid)).toBe(false);
  });

  it('removes the reservation when the Firebase account is gone already', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, -1_000);
    await world.accounts.deleteAccounts([account.uid]);
    await expire(signup.id);
    expect(await signupExists(signup.id)).toBe(false);
  });

  it('keeps an account verified in time, and removes its reservation once create-user made the user', async () => {
    const account = await world.accounts.verifiedSignUp();
    const signup = await newSignup(world.db.prisma, account, -1_000);
    await newUser(world.db.prisma, { firebaseUid: account.uid, email: account.email, username: signup.username });

    await expire(signup.id);

    expect(await world.accounts.exists(account.uid)).toBe(true);
    expect(await signupExists(signup.id)).toBe(false);
  });

  it('removes a verified account that never got its user record (the tab closed first), so the address can sign up again', async () => {
    const account = await world.accounts.verifiedSignUp();
    const signup = await newSignup(world.db.prisma, account, -1_000);

    await expire(signup.id);

    expect(await world.accounts.exists(account.uid)).toBe(false);
    expect(await signupExists(signup.id)).toBe(false);
  });

  it('leaves a sign-up alone whose window was moved on by a new mail', async () => {
    const account = await world.accounts.signUp();
    const signup = await newSignup(world.db.prisma, account, 60_000);

    await expire(signup.id);

    expect(await world.accounts.exists(account.uid)).toBe(true);
    expect(await signupExists(signup.id)).toBe(true);
  });

  it('does nothing for a sign-up that is gone', async () => {
    await expect(expire(999_999)).resolves.toBeUndefined();
  });
});

describe('account.remove_identity', () => {
  const removeIdentity = (userId: number) => runHandler(world.db, world.app.get(IdentityRemovalHandler), { userId });

  it('deletes the Firebase account of a deleted user, so the address cannot sign in again', async () => {
    const account = await world.accounts.verifiedSignUp();
    const user = await newUser(world.db.prisma, {
      firebaseUid: account.uid,
      email: account.email,
      deletedAt: new Date(),
    });

    await removeIdentity(user.id);

    expect(await world.accounts.exists(account.uid)).toBe(false);
    // Gone already (a retry, or the API removed it at once) counts as done.
    await expect(removeIdentity(user.id)).resolves.toBeUndefined();
  });

  it('leaves the account of a user that is not deleted', async () => {
    const account = await world.accounts.verifiedSignUp();
    const user = await newUser(world.db.prisma, { firebaseUid: account.uid, email: account.email });

    await removeIdentity(user.id);
    await removeIdentity(user.id + 1_000);

    expect(await world.accounts.exists(account.uid)).toBe(true);
  });
});
