import { CART_MESSAGES, STOCK_MESSAGES } from '@mandi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useOfflineNotice } from '../api/use-offline-notice';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { useAddToCartCall } from '../cart/cart-queries';
import { useConfirm } from '../ui/confirm-dialog';
import { productKeys } from './product-queries';

/**
 * Add to cart with the spec's popups (docs/cart.md): sign-in, already in cart, failure, success; and 'Sold Out' when
 * the last pack went since the page was drawn, after which the product's cards and page are read again. Any other
 * refusal (the seller's own product, an unlisted one, a full cart) is shown in the server's words.
 */
export function useAddToCart() {
  const { knownUser } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useAddToCartCall();
  const { t, serverText } = useT();
  const explainOffline = useOfflineNotice();

  return async (productId: string | number) => {
    // Pressed while a saved session is still being restored: wait for it rather than ask a signed-in buyer to sign in.
    const user = await knownUser();
    if (!user) {
      await confirm({ title: t('products.addToCart.signIn.title'), message: t('products.addToCart.signIn.text') });
      navigate('/signin');
      return;
    }
    try {
      await mutation.mutateAsync({ uid: user.uid, productId: String(productId) });
      await confirm({ title: t('products.addToCart.added.title'), message: t('products.addToCart.added.text') });
    } catch (error) {
      // Offline: say that adding needs the network, not that something went wrong.
      if (await explainOffline(error, 'addToCart')) return;
      if (
        error instanceof ApiError &&
        error.statusCode === 409 &&
        error.serverMessage === STOCK_MESSAGES.soldOutCannotAdd
      ) {
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
        await confirm({ title: t('products.stock.soldOutTitle'), message: t('products.stock.soldOutCannotAdd') });
      } else if (
        error instanceof ApiError &&
        error.statusCode === 409 &&
        error.serverMessage === CART_MESSAGES.alreadyInCart.text
      ) {
        await confirm({
          title: t('products.addToCart.alreadyInCart.title'),
          message: t('products.addToCart.alreadyInCart.text'),
        });
      } else if (error instanceof ApiError && error.statusCode === 409 && error.serverMessage) {
        await confirm({ title: t('products.addToCart.failed.title'), message: serverText(error.serverMessage) });
      } else {
        await confirm({ title: t('products.addToCart.failed.title'), message: t('products.addToCart.failed.text') });
      }
    }
  };
}
