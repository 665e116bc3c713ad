import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { CartIcon } from '../ui/icons';
import { EmptyState } from '../ui/page';

/** 'No items in your cart.' with a way back to the listing (cart page, and a checkout left with no lines). */
export function EmptyCart({ children }: { children?: ReactNode }) {
  const { t } = useT();
  return (
    <EmptyState
      icon={<CartIcon size={32} />}
      title={t('cart.empty.title')}
      action={
        <Link to="/" className="btn btn-primary">
          {t('cart.empty.browse')}
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}
