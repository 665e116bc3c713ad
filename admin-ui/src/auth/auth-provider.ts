import { ADMIN_MESSAGES } from '@mandi/domain';
import type { AuthProvider } from 'react-admin';
import { apiFetch } from '../data/api-fetch';
import type { AdminIdentity, AdminIdentityUser } from './identity';

/** 'Unauthorized Access: You are not allowed to access this page.' (001 sections 6 and 8). */
export const UNAUTHORIZED_TEXT = `${ADMIN_MESSAGES.unauthorized.title}: ${ADMIN_MESSAGES.unauthorized.text}`;

/** How long the unauthorized message stays on screen before the visitor is sent to the storefront. */
export const LEAVE_DELAY_MS = 2500;

interface UserIdAnswer {
  userId: string | number;
  role?: string | null;
}

export interface AuthProviderOptions {
  identity: AdminIdentity;
  /** Sends a non-admin away to the storefront root (window.location in the browser). */
  leave?: () => void;
}

/** Builds the console's authProvider: Firebase e-mail/password sign-in, then the role from POST /api/user/getUserId. */
export function createAuthProvider({ identity, leave = () => window.location.assign('/') }: AuthProviderOptions): AuthProvider {
  // The role is read once per signed-in uid; a sign-out or another account reads it again.
  let checked: { uid: string; role: string | null } | null = null;

  const roleOf = async (user: AdminIdentityUser): Promise<string | null> => {
    if (checked?.uid === user.uid) return checked.role;
    const answer = await apiFetch<UserIdAnswer>('/api/user/getUserId', () => user.getIdToken(), {
      method: 'POST',
      body: { uid: user.uid },
    });
    checked = { uid: user.uid, role: answer?.role ?? null };
    return checked.role;
  };

  const refuse = async (): Promise<never> => {
    checked = null;
    await identity.signOut();
    setTimeout(leave, LEAVE_DELAY_MS);
    throw new Error(UNAUTHORIZED_TEXT);
  };

  const requireAdmin = async (user: AdminIdentityUser): Promise<void> => {
    let role: string | null;
    try {
      role = await roleOf(user);
    } catch {
      role = null;
    }
    if (role !== 'admin') await refuse();
  };

  return {
    async login({ username, password }: { username: string; password: string }) {
      const user = await identity.signIn(username.trim(), password);
      await requireAdmin(user);
    },
    async logout() {
      checked = null;
      await identity.signOut();
    },
    async checkAuth() {
      const user = await identity.currentUser();
      if (!user) throw new Error('Please sign in.');
      await requireAdmin(user);
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        checked = null;
        throw new Error('Your session has ended. Please sign in again.');
      }
      if (error?.status === 403) {
        await refuse();
      }
    },
    async getPermissions() {
      const user = await identity.currentUser();
      return user ? roleOf(user) : null;
    },
    async getIdentity() {
      const user = await identity.currentUser();
      if (!user) throw new Error('Please sign in.');
      return { id: user.uid, fullName: user.displayName || user.email || 'Admin' };
    },
  };
}
