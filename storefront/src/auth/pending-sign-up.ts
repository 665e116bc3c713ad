import { withOverlay } from '../api/in-flight';
import type { IdentityClient } from './identity';

/*
 * What the sign-up page leaves for the verification page: the chosen username (the identity
 * account does not carry it), when the terms were agreed, and when the 90 s window ends.
 * Kept in localStorage so a reload of /check-verification keeps the same username and window.
 */
export interface PendingSignUp {
  username: string;
  email: string;
  /** ISO time the terms were agreed (sent as agreedAt by create-user). */
  agreedAt: string;
  /** Epoch milliseconds after which the verification page gives up. */
  deadline: number;
}

const KEY = 'mandi.pendingSignUp';

export function savePendingSignUp(pending: PendingSignUp): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage can be unavailable (private mode, quota); the verification page then reports the failure.
  }
}

export function readPendingSignUp(): PendingSignUp | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingSignUp>;
    if (typeof value.username !== 'string' || typeof value.deadline !== 'number') return null;
    return {
      username: value.username,
      email: typeof value.email === 'string' ? value.email : '',
      agreedAt: typeof value.agreedAt === 'string' ? value.agreedAt : new Date().toISOString(),
      deadline: value.deadline,
    };
  } catch {
    return null;
  }
}

export function clearPendingSignUp(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/**
 * Gives up a sign-up: forgets it and deletes its half-made identity account (signing out where that fails), so
 * the same address can sign up again at once.
 */
export async function abandonSignUp(identity: IdentityClient): Promise<void> {
  clearPendingSignUp();
  await withOverlay(() => identity.deleteCurrentUser()).catch(() => identity.signOut().catch(() => undefined));
}
