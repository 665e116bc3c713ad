import { isUserNotFound } from '@mandi/identity';
import type { Auth, UserRecord } from 'firebase-admin/auth';

/** The Firebase account `uid`, or null when it does not exist (any more). */
export async function findFirebaseAccount(auth: Auth, uid: string): Promise<UserRecord | null> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

/** Deletes the Firebase account `uid`; one that is gone already counts as deleted, so a retried job succeeds. */
export async function deleteFirebaseAccount(auth: Auth, uid: string): Promise<void> {
  try {
    await auth.deleteUser(uid);
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
}
