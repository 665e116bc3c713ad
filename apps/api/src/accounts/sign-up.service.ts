import { Injectable } from '@nestjs/common';
import type { CreateUserBody, SendVerificationBody } from '@mandi/contracts';
import { ACCESS_MESSAGES, AUTH_TIMINGS, DomainError, SIGN_UP_MESSAGES, VERIFICATION_MESSAGES } from '@mandi/domain';
import { publish } from '@mandi/events';
import type { Identity } from '../auth/caller.js';
import { AccountsRepository } from './accounts.repository.js';
import { assertOwnEmail } from './identity-checks.js';
import { notAfterNow } from './terms-record.js';
import { retryingUniqueRaces } from './unique-race.js';

/**
 * Sign-up with e-mail and password: the username check, the reservation made when the verification mail is
 * asked for, and the user record made once the e-mail is verified.
 */
@Injectable()
export class SignUpService {
  constructor(private readonly accounts: AccountsRepository) {}

  /** Free when no user has it and no unexpired reservation holds it (any case). */
  async isUsernameAvailable(username: string): Promise<boolean> {
    return !(await this.accounts.isUsernameTakenNow(username));
  }

  /**
   * Reserves the chosen username for the verification window and asks the worker (signup.verification_requested)
   * to mail the verification link and, when the window closes unverified, to remove the account and the reservation.
   */
  async sendVerification(
    identity: Identity,
    body: SendVerificationBody,
    ipAddress: string,
  ): Promise<{ message: string }> {
    assertOwnEmail(identity, body.email);
    const username = body.displayName;
    await this.accounts.transaction(async (tx) => {
      await this.accounts.lockFirebaseUid(tx, identity.uid);
      const existing = await this.accounts.findByFirebaseUid(tx, identity.uid);
      if (existing) throw new DomainError('conflict', SIGN_UP_MESSAGES.accountExists);
      await this.accounts.lockUsername(tx, username);
      if (await this.accounts.isEmailHeldByAnother(tx, body.email, identity.uid)) {
        throw new DomainError('conflict', SIGN_UP_MESSAGES.emailInUse);
      }
      const taken = () =>
        new DomainError('conflict', SIGN_UP_MESSAGES.usernameTaken.text, {
          fields: { displayName: SIGN_UP_MESSAGES.usernameTaken.text },
        });
      if (await this.accounts.isUsernameTaken(tx, username, identity.uid)) throw taken();
      const signupId = await this.accounts.reserveUsername(tx, {
        firebaseUid: identity.uid,
        email: body.email,
        username,
        ipAddress,
        windowMs: AUTH_TIMINGS.verificationWindowMs,
      });
      if (signupId === null) throw taken();
      await publish(tx, { type: 'signup.verification_requested', payload: { signupId } });
    });
    return { message: VERIFICATION_MESSAGES.mailSent };
  }

  /**
   * Makes the user record of a verified identity: user and profile rows with the terms agreed to and the address
   * of the request, the reservation removed, user.created published. A conflict when the record exists already
   * (the verification page counts 409 as success); returns the new user id.
   */
  async createUser(identity: Identity, body: CreateUserBody, ipAddress: string): Promise<number> {
    if (!identity.emailVerified) throw new DomainError('not_allowed', VERIFICATION_MESSAGES.emailNotVerified);
    assertOwnEmail(identity, body.email);
    const usernameTaken = () =>
      new DomainError('invalid_data', SIGN_UP_MESSAGES.usernameTaken.text, {
        fields: { username: SIGN_UP_MESSAGES.usernameTaken.text },
      });
    const emailInUse = () =>
      new DomainError('invalid_data', SIGN_UP_MESSAGES.emailInUse, { fields: { email: SIGN_UP_MESSAGES.emailInUse } });

    return retryingUniqueRaces(
      () =>
        this.accounts.transaction(async (tx) => {
          await this.accounts.lockFirebaseUid(tx, identity.uid);
          const existing = await this.accounts.findByFirebaseUid(tx, identity.uid);
          if (existing?.deleted) throw new DomainError('not_allowed', ACCESS_MESSAGES.noAccount);
          if (existing) throw new DomainError('conflict', SIGN_UP_MESSAGES.accountExists);
          await this.accounts.lockUsername(tx, body.username);
          if (await this.accounts.isUsernameTaken(tx, body.username, identity.uid)) throw usernameTaken();
          if (await this.accounts.isEmailHeldByAnother(tx, body.email, identity.uid)) throw emailInUse();
          const userId = await this.accounts.createUser(tx, {
            firebaseUid: identity.uid,
            email: body.email,
            username: body.username,
            agreedToTerms: true,
            agreedAt: notAfterNow(new Date(body.agreedAt)),
            termsVersion: body.termsVersion,
            ipAddress,
          });
          await this.accounts.deleteReservation(tx, identity.uid);
          await publish(tx, { type: 'user.created', payload: { userId } });
          return userId;
        }),
      (columns) => {
        if (columns.includes('username')) return usernameTaken();
        if (columns.includes('email')) return emailInUse();
        return new DomainError('conflict', SIGN_UP_MESSAGES.accountExists);
      },
    );
  }
}
