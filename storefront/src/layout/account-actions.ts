import type { PopupMessage } from '@mandi/domain';
import { useNavigate } from 'react-router-dom';
import { ApiError, NotSignedInError, api } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';

/** The header's guarded links and account actions (docs/accounts.md), shared by desktop and mobile. */
export function useAccountActions() {
  const { user, userId, signOut } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { t, serverText } = useT();
  const notSignedIn = (text: string): PopupMessage => ({ title: t('layout.account.notSignedIn'), text });

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
      if (await requireSignIn(notSignedIn(t('layout.account.signInToSell')))) navigate('/SellPage');
    },

    async openOrders() {
      if ((await requireSignIn(notSignedIn(t('layout.account.signInToViewOrders')))) && user) {
        navigate(`/orders/${encodeURIComponent(userId ?? user.uid)}`);
      }
    },

    async signOutWithConfirm() {
      if (
        !(await confirm({
          title: t('layout.account.confirmSignOut.title'),
          message: t('layout.account.confirmSignOut.text'),
          confirm: true,
        }))
      )
        return;
      await signOut();
      navigate('/');
    },

    async deleteAccount() {
      if (!(await requireSignIn(notSignedIn(t('layout.account.signInToDeleteAccount')))) || !user) return;
      const sure = await confirm({
        title: t('layout.account.confirmDelete.title'),
        message: t('layout.account.confirmDelete.text'),
        confirm: true,
      });
      if (!sure) return;
      let answer;
      try {
        answer = await api('deleteAccount', { params: { uid: user.uid }, auth: true });
      } catch (error) {
        const message =
          error instanceof NotSignedInError
            ? t('layout.account.notAuthenticated')
            : error instanceof ApiError && error.serverMessage
              ? serverText(error.serverMessage)
              : t('layout.account.deleteFailed');
        await confirm({ title: t('layout.account.error'), message });
        return;
      }
      // The account is gone on the server; ending the local session cannot meaningfully fail the deletion.
      await signOut().catch(() => undefined);
      navigate('/');
      await confirm({
        title: t('layout.account.deleted.title'),
        message: answer?.message ? serverText(answer.message) : t('layout.account.deleted.text'),
      });
    },
  };
}
