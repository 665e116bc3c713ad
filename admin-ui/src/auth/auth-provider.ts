import { ACCESS_MESSAGES, ADMIN_MESSAGES } from '@mandi/domain';
import type { AuthProvider } from 'react-admin';
import { apiFetch } from '../data/api-fetch';
import type { AdminIdentity, AdminIdentityUser } from './identity';

/** 'Unauthorized Access: You are not allowed to access this page.' (docs/accounts.md). */
export const UNAUTHORIZED_TEXT = `${ADMIN_MESSAGES.unauthorized.title}: ${ADMIN_MESSAGES.unauthorized.text}`;

/**
 * The 403 messages that mean the caller may not use the console at all (not an admin, suspended, no account). Other
 * 403s refuse one action (an admin suspending their own account) and leave the admin signed in.
 */
const ACCESS_DENIED_MESSAGES: readonly string[] = [
  ACCESS_MESSAGES.notAllowed,
  ACCESS_MESSAGES.suspended,
  ACCESS_MESSAGES.noAccount,
];

/** How long "no permissions" takes for a signed-out visitor (see getPermissions). */
const SIGNED_OUT_PERMISSIONS_DELAY_MS = 50;

/** How long the unauthorized message stays on screen before the visitor is sent to the storefront. */
export const LEAVE_DELAY_MS = 2500;

export interface AuthProviderOptions {
  identity: AdminIdentity;
  /** Sends a non-admin away to the storefront root (window.location in the browser). */
  leave?: () => void;
  /** Told the text when someone is turned away, so the sign-in page can show it until they leave. */
  onRefuse?: (text: string) => void;
}

/** Builds the console's authProvider: Firebase e-mail/password sign-in, then the role from the getUserId route. */
export function createAuthProvider({
  identity,
  leave = () => window.location.assign('/'),
  onRefuse,
}: AuthProviderOptions): AuthProvider {
  // The role is read once per signed-in uid; a sign-out or another account reads it again.
  let checked: { uid: string; role: string | null } | null = null;

  const roleOf = async (user: AdminIdentityUser): Promise<string | null> => {
    if (checked?.uid === user.uid) return checked.role;
    const answer = await apiFetch('getUserId', () => user.getIdToken(), { body: { uid: user.uid } });
    // The answer is not parsed here (zod stays out of the bundle): an empty body or no role counts as no admin.
    checked = { uid: user.uid, role: answer?.role ?? null };
    return checked.role;
  };

  // One departure however many checks refuse at once (react-admin checks from several places while it mounts).
  let leaving = false;
  // The console and the storefront share one Firebase session (docs/console.md, One sign-in): turning someone away
  // from the console must not sign them out of the shop they came from. react-admin calls logout() after a refused
  // check; while we are turning someone away, that logout leaves the session alone.
  let refusing = false;
  const refuse = async (): Promise<never> => {
    checked = null;
    refusing = true;
    onRefuse?.(UNAUTHORIZED_TEXT);
    if (!leaving) {
      leaving = true;
      setTimeout(leave, LEAVE_DELAY_MS);
    }
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
      refusing = false;
      leaving = false;
      const user = await identity.signIn(username.trim(), password);
      await requireAdmin(user);
    },
    async logout() {
      checked = null;
      if (refusing) return;
      // Signing out of the console signs out of the storefront too: one session. Firebase is asked once however many
      // times react-admin logs out.
      if (await identity.currentUser()) await identity.signOut();
    },
    async checkAuth() {
      const user = await identity.currentUser();
      if (!user) throw new Error('Please sign in.');
      await requireAdmin(user);
    },
    async checkError(error: { status?: number; message?: string }) {
      if (error?.status === 401) {
        checked = null;
        throw new Error('Your session has ended. Please sign in again.');
      }
      if (error?.status === 403 && ACCESS_DENIED_MESSAGES.includes(error.message ?? '')) {
        await refuse();
      }
    },
    async getPermissions() {
      const user = await identity.currentUser();
      if (user) return roleOf(user);
      // Answering "nobody" at once races react-admin's logout (it resets the permissions query before its redirect
      // lands), which remounts its logout route in a loop of history pushes: marmelab/react-admin#10764.
      await new Promise((resolve) => setTimeout(resolve, SIGNED_OUT_PERMISSIONS_DELAY_MS));
      return null;
    },
    async getIdentity() {
      const user = await identity.currentUser();
      if (!user) throw new Error('Please sign in.');
      return { id: user.uid, fullName: user.displayName || user.email || 'Admin' };
    },
  };
}
