import { CART_MESSAGES as M, STOCK_MESSAGES } from '@mandi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useAddToCartCall } from '../cart/cart-queries';
import { useConfirm } from '../ui/confirm-dialog';
import { productKeys } from './product-queries';

/**
 * Add to cart with the spec's popups (000 section 8): sign-in, already in cart, failure, success; and 'Sold Out' when
 * the last pack went since the page was drawn, after which the product's cards and page are read again.
 */
export function useAddToCart() {
  const { user } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useAddToCartCall(user?.uid);

  return async (productId: string | number) => {
    if (!user) {
      await confirm({ title: M.signInRequired.title, message: M.signInRequired.text });
      navigate('/signin');
      return;
    }
    try {
      await mutation.mutateAsync(String(productId));
      await confirm({ title: M.added.title, message: M.added.text });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409 && error.serverMessage === STOCK_MESSAGES.soldOutCannotAdd) {
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
        await confirm({ title: STOCK_MESSAGES.soldOutTitle, message: STOCK_MESSAGES.soldOutCannotAdd });
      } else if (error instanceof ApiError && error.statusCode === 409) {
        await confirm({ title: M.alreadyInCart.title, message: M.alreadyInCart.text });
      } else {
        await confirm({ title: M.addFailed.title, message: M.addFailed.text });
      }
    }
  };
}
