import { HEADER_MESSAGES as M, type PopupMessage } from '@mandi/domain';
import { useNavigate } from 'react-router-dom';
import { ApiError, NotSignedInError, apiFetch } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useConfirm } from '../ui/confirm-dialog';

interface DeleteAnswer {
  message?: string;
}

/** The header's guarded links and account actions (000 sections 2, 5 and 8), shared by desktop and mobile. */
export function useAccountActions() {
  const { user, userId, signOut } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();

  const requireSignIn = async (prompt: PopupMessage): Promise<boolean> => {
    if (user) return true;
    await confirm({ title: prompt.title, message: prompt.text });
    navigate('/signin');
    return false;
  };

  return {
    /** Where the Orders link points: the user's orders, or sign-in for a visitor. */
    ordersPath: user ? `/orders/${encodeURIComponent(userId ?? user.uid)}` : '/signin',

    async openSell() {
      if (await requireSignIn(M.signInToSell)) navigate('/SellPage');
    },

    async openOrders() {
      if (await requireSignIn(M.signInToViewOrders) && user) {
        navigate(`/orders/${encodeURIComponent(userId ?? user.uid)}`);
      }
    },

    async signOutWithConfirm() {
      if (!(await confirm({ title: M.confirmSignOut.title, message: M.confirmSignOut.text, confirm: true }))) return;
      await signOut();
      navigate('/');
    },

    async deleteAccount() {
      if (!(await requireSignIn(M.signInToDeleteAccount)) || !user) return;
      if (!(await confirm({ title: M.confirmDeleteAccount.title, message: M.confirmDeleteAccount.text, confirm: true }))) return;
      let answer: DeleteAnswer | null;
      try {
        answer = await apiFetch<DeleteAnswer | null>(`/api/user/delete-account/${encodeURIComponent(user.uid)}`, {
          method: 'DELETE',
          auth: true,
        });
      } catch (error) {
        const message =
          error instanceof NotSignedInError
            ? M.userNotAuthenticated.text
            : (error instanceof ApiError && error.serverMessage) || M.deleteAccountFailed.text;
        await confirm({ title: M.deleteAccountFailed.title, message });
        return;
      }
      // The account is gone on the server; ending the local session cannot meaningfully fail the deletion.
      await signOut().catch(() => undefined);
      navigate('/');
      await confirm({ title: M.deleteAccountSucceeded.title, message: answer?.message || M.deleteAccountSucceeded.text });
    },
  };
}
