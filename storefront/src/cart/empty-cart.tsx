import { CART_MESSAGES } from '@mandi/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CartIcon } from '../ui/icons';
import { EmptyState } from '../ui/page';

/** 'No items in your cart.' with a way back to the listing (cart page, and a checkout left with no lines). */
export function EmptyCart({ children }: { children?: ReactNode }) {
  return (
    <EmptyState
      icon={<CartIcon size={32} />}
      title={CART_MESSAGES.empty}
      action={
        <Link to="/" className="btn btn-primary">
          Browse fresh produce
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}
