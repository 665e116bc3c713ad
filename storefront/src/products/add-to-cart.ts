import { CART_MESSAGES as M } from '@mandi/domain';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useAddToCartCall } from '../cart/cart-queries';
import { useConfirm } from '../ui/confirm-dialog';

/** Add to cart with the spec's popups (000 section 8): sign-in, already in cart, failure, success. */
export function useAddToCart() {
  const { user } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
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
      if (error instanceof ApiError && error.statusCode === 409) {
        await confirm({ title: M.alreadyInCart.title, message: M.alreadyInCart.text });
      } else {
        await confirm({ title: M.addFailed.title, message: M.addFailed.text });
      }
    }
  };
}
