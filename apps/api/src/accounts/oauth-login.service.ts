import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { OauthLoginAnswer, OauthLoginBody } from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  DomainError,
  PROFILE_LIMITS,
  SIGN_UP_MESSAGES,
  TERMS_VERSION,
  usernameBase,
  usernameCandidates,
  usernameWithSuffix,
} from '@mandi/domain';
import { publish } from '@mandi/events';
import type { Transaction } from '@mandi/database';
import type { Identity } from '../auth/caller.js';
import { AccountsRepository } from './accounts.repository.js';
import { assertOauthIdentity, assertOwnEmail } from './identity-checks.js';
import { notAfterNow } from './terms-record.js';
import { retryingUniqueRaces } from './unique-race.js';

/** Numbered names tried first (base, base1 ... base49), then rounds of random numbers. */
const NUMBERED_CANDIDATES = 50;
const RANDOM_CANDIDATES = 20;
const RANDOM_ROUNDS = 3;

/** Only web addresses become a profile image. */
const WEB_URL = /^https?:\/\//i;

/** The outcome of an OAuth sign-in: the answer and whether the account was made by it. */
export interface OauthLoginOutcome {
  answer: OauthLoginAnswer;
  created: boolean;
}

/**
 * Sign-in with an identity provider (Google) whose token vouches for a verified e-mail: the first one makes the
 * account, later ones record the login.
 */
@Injectable()
export class OauthLoginService {
  constructor(private readonly accounts: AccountsRepository) {}

  async login(identity: Identity, body: OauthLoginBody, ipAddress: string): Promise<OauthLoginOutcome> {
    assertOauthIdentity(identity);
    assertOwnEmail(identity, body.email);
    return retryingUniqueRaces(
      () => this.accounts.transaction((tx) => this.loginOnce(tx, identity, body, ipAddress)),
      (columns) =>
        columns.includes('email')
          ? new DomainError('conflict', SIGN_UP_MESSAGES.emailInUse)
          : new DomainError('conflict', SIGN_UP_MESSAGES.signupFailed.text),
    );
  }

  private async loginOnce(
    tx: Transaction,
    identity: Identity,
    body: OauthLoginBody,
    ipAddress: string,
  ): Promise<OauthLoginOutcome> {
    await this.accounts.lockFirebaseUid(tx, identity.uid);
    const existing = await this.accounts.findByFirebaseUid(tx, identity.uid);
    if (existing) {
      if (existing.deleted) throw new DomainError('not_allowed', ACCESS_MESSAGES.noAccount);
      if (existing.status === 'suspended') throw new DomainError('not_allowed', ACCESS_MESSAGES.suspended);
      await this.accounts.recordLogin(tx, existing.id, ipAddress);
      return { answer: { isNewUser: false, user: { username: existing.username } }, created: false };
    }

    if (await this.accounts.isEmailHeldByAnother(tx, body.email, identity.uid)) {
      throw new DomainError('conflict', SIGN_UP_MESSAGES.emailInUse);
    }
    const username = await this.freeUsername(tx, usernameBase(body.displayName, body.email));
    const agreed = body.agreedToTerms === true;
    const userId = await this.accounts.createUser(tx, {
      firebaseUid: identity.uid,
      email: body.email,
      username,
      agreedToTerms: agreed,
      agreedAt: agreed ? notAfterNow(body.agreedAt ? new Date(body.agreedAt) : new Date()) : null,
      termsVersion: agreed ? (body.termsVersion ?? TERMS_VERSION) : null,
      ipAddress,
      lastLoginAt: new Date(),
      fullName: fullNameOf(body.displayName),
      profileImage: body.photoURL && WEB_URL.test(body.photoURL) ? body.photoURL : null,
    });
    await this.accounts.deleteReservation(tx, identity.uid);
    await publish(tx, { type: 'user.created', payload: { userId } });
    return { answer: { isNewUser: true, user: { username } }, created: true };
  }

  /**
   * The first free name of base, base1, base2 ... (then random numbers), free of users and of unexpired
   * reservations, and locked for this transaction so a concurrent sign-up cannot take it before the insert.
   */
  private async freeUsername(tx: Transaction, base: string): Promise<string> {
    const rounds = [
      usernameCandidates(base, NUMBERED_CANDIDATES),
      ...Array.from({ length: RANDOM_ROUNDS }, () =>
        Array.from({ length: RANDOM_CANDIDATES }, () => usernameWithSuffix(base, randomInt(100, 1_000_000))),
      ),
    ];
    for (const candidates of rounds) {
      const taken = await this.accounts.takenUsernames(tx, candidates);
      for (const name of candidates) {
        if (taken.has(name.toLowerCase())) continue;
        await this.accounts.lockUsername(tx, name);
        if (!(await this.accounts.isUsernameTaken(tx, name))) return name;
      }
    }
    throw new DomainError('conflict', SIGN_UP_MESSAGES.signupFailed.text);
  }
}

/** The provider's display name as the profile's full name: trimmed, at most 50 characters, none when blank. */
function fullNameOf(displayName: string | null | undefined): string | null {
  const name = Array.from(displayName?.trim() ?? '')
    .slice(0, PROFILE_LIMITS.fullNameMax)
    .join('')
    .trim();
  return name === '' ? null : name;
}
