import { formatRupees, isSoldOut, quantityMaxFor, rupeesToPaise, type LanguageLocale } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { imagesOf } from '../products/product';
import { StockNote } from '../products/stock-note';
import { StockProblems, stockProblemsOf } from '../products/stock-problems';
import { useConfirm } from '../ui/confirm-dialog';
import { CloseIcon, ImageIcon } from '../ui/icons';
import { LoadFailed, Page, RequireSignIn } from '../ui/page';
import { QuantityStepper } from '../ui/quantity-stepper';
import panels from '../ui/panels.module.css';
import { EmptyCart } from './empty-cart';
import { cartQuery, useRemoveFromCart, useSetCartQuantity, type CartLine } from './cart-queries';
import styles from './cart.page.module.css';

/** Total = sum of price x quantity (docs/cart.md, "Cart page"), counted in paise so it is right to the paisa. */
function cartTotal(lines: readonly CartLine[], locale: LanguageLocale): string {
  return formatRupees(
    lines.reduce((sum, line) => sum + rupeesToPaise(line.price) * (line.quantity || 1), 0),
    locale,
  );
}

/**
 * The cart of docs/cart.md "Cart page": lines with their seller, quantity and removal, the total. A line
 * whose product is sold out, or that asks for more packs than are left, is marked and keeps the cart from checking
 * out until it is removed or lowered (the server would refuse the order).
 */
export default function CartPage() {
  const { t } = useT();
  return (
    <Page title={t('cart.title')}>
      <RequireSignIn message={t('cart.signInRequired')}>
        <Cart />
      </RequireSignIn>
    </Page>
  );
}

function Cart() {
  const { user } = useAuth();
  const uid = user!.uid;
  const { t, locale, rupees } = useT();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const cart = useQuery(cartQuery(uid));
  const setQuantity = useSetCartQuantity(uid, () =>
    confirm({ title: t('cart.error'), message: t('cart.updateFailed') }),
  );
  const remove = useRemoveFromCart(uid, () => confirm({ title: t('cart.error'), message: t('cart.removeFailed') }));
  const problemsId = useId();

  const onRemove = async (line: CartLine) => {
    const sure = await confirm({
      title: t('cart.confirmRemove.title'),
      message: t('cart.confirmRemove.text'),
      confirm: true,
      okLabel: t('cart.confirmRemove.ok'),
    });
    if (sure) remove.mutate(String(line.id));
  };

  if (cart.isPending) return <div className={panels.pending} aria-busy="true" />;
  if (cart.isError) return <LoadFailed title={t('cart.loadFailed')} onRetry={() => void cart.refetch()} />;
  const lines = cart.data;
  if (lines.length === 0) return <EmptyCart>{t('cart.empty.text')}</EmptyCart>;
  const problems = stockProblemsOf(
    lines.map((line) => ({ name: line.name, stock: line.stock, quantity: line.quantity || 1 })),
    t,
  );

  return (
    <div className={`${panels.layout} ${styles.layout}`}>
      <ul className={panels.lineList} aria-label={t('cart.items')}>
        {lines.map((line) => {
          const picture = line.thumbnails?.[0] ?? imagesOf(line)[0];
          const busy =
            (setQuantity.isPending && setQuantity.variables?.productId === String(line.id)) || remove.isPending;
          const soldOut = isSoldOut(line.stock);
          return (
            <li key={line.id} className={`${panels.surface} ${styles.line}${soldOut ? ` ${styles.soldOut}` : ''}`}>
              <Link
                to={`/product/${line.id}`}
                className={`${panels.picture} ${styles.picture}`}
                tabIndex={-1}
                aria-hidden="true"
              >
                {picture ? <img src={picture} alt="" width={96} height={96} loading="lazy" /> : <ImageIcon size={28} />}
              </Link>
              <div className={panels.lineDetails}>
                <Link to={`/product/${line.id}`} className={styles.name}>
                  {line.name}
                </Link>
                {line.seller?.username && (
                  <Link to={`/seller/${line.uid}`} className={styles.seller}>
                    <img
                      src={line.seller.profileImage || '/images/avatar-placeholder.svg'}
                      alt=""
                      width={20}
                      height={20}
                    />
                    {line.seller.username}
                  </Link>
                )}
                <p className={styles.price}>
                  {rupees(line.price)}
                  <StockNote stock={line.stock} quantity={line.quantity || 1} />
                </p>
                {soldOut ? (
                  <p className={styles.soldOutText}>{t('cart.line.removeToCheckOut')}</p>
                ) : (
                  <QuantityStepper
                    name={line.name}
                    quantity={line.quantity}
                    max={quantityMaxFor(line.stock)}
                    disabled={busy}
                    onChange={(quantity) => setQuantity.mutate({ productId: String(line.id), quantity })}
                  />
                )}
              </div>
              <button
                type="button"
                className={`${panels.removeButton} ${styles.remove}`}
                aria-label={t('cart.line.remove', { name: line.name })}
                onClick={() => void onRemove(line)}
              >
                <CloseIcon size={18} />
              </button>
            </li>
          );
        })}
      </ul>
      <aside className={`${panels.card} ${styles.summary}`} aria-label={t('cart.summary.label')}>
        <p className={styles.totalRow}>
          <span>{t('cart.summary.total')}</span>
          <strong>{cartTotal(lines, locale)}</strong>
        </p>
        <p className={panels.note}>{t('cart.summary.shippingNote')}</p>
        <StockProblems id={problemsId} problems={problems} />
        <button
          type="button"
          className="btn btn-accent"
          onClick={() => navigate('/product-checkout')}
          disabled={problems.length > 0}
          aria-describedby={problems.length > 0 ? problemsId : undefined}
        >
          {t('cart.proceed')}
        </button>
      </aside>
    </div>
  );
}
