import { DEFAULT_PAYMENT_METHOD, checkAddressLimit, formatRupees, isSoldOut, type PaymentMethod } from '@mandi/domain';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { defaultAddressOf, type SavedAddress } from '../addresses/address';
import { AddressBookModal } from '../addresses/address-book-modal';
import type { AddressFormMode } from '../addresses/address-form-modal';
import { useAddresses } from '../addresses/address-queries';
import { AddressView } from '../addresses/address-view';
import { useAuth } from '../auth/auth-context';
import { EmptyCart } from '../cart/empty-cart';
import { useT } from '../i18n/i18n';
import { StockNote } from '../products/stock-note';
import { StockProblems, stockProblemsOf } from '../products/stock-problems';
import { usePopup } from '../ui/confirm-dialog';
import { PinIcon, PlusIcon } from '../ui/icons';
import { LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import { useCheckoutItems, type CheckoutLine } from './checkout-items';
import type { CheckoutState } from './checkout-state';
import { pricePaise, subtotalPaise } from './checkout-totals';
import { CheckoutSteps, LinePicture, PaymentMethodChoice } from './checkout-parts';
import styles from './checkout.page.module.css';

// The address form carries the contract's zod rules; it loads after the page has shown, before it is needed.
const loadAddressForm = () => import('../addresses/address-form-modal');
const AddressFormModal = lazy(() => loadAddressForm().then((module) => ({ default: module.AddressFormModal })));

/** Checkout step 1 of docs/payments.md: one product (Buy Now, /product-checkout/{id}) or the whole cart (/product-checkout). */
export default function CheckoutPage() {
  const { productId } = useParams();
  const { t } = useT();
  const crumbs = productId
    ? [{ label: t('checkout.crumb.product'), to: `/product/${productId}` }]
    : [{ label: t('checkout.crumb.cart'), to: '/cartpage' }];
  return (
    <Page title={t('checkout.title')} crumbs={crumbs}>
      <RequireSignIn message={t('checkout.signIn')}>
        <Checkout productId={productId} />
      </RequireSignIn>
    </Page>
  );
}

type Open = null | { kind: 'book' } | { kind: 'form'; mode: AddressFormMode };

function Checkout({ productId }: { productId: string | undefined }) {
  const { userId } = useAuth();
  const { t } = useT();
  const popup = usePopup();
  const navigate = useNavigate();
  const addresses = useAddresses(userId);
  const items = useCheckoutItems(productId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [open, setOpen] = useState<Open>(null);
  const problemsId = useId();
  useEffect(() => {
    void loadAddressForm();
  }, []);

  const saved = addresses.data ?? [];
  // The chosen address while it is still saved; otherwise the default (docs/payments.md: 'shows the default address').
  const selected = saved.find((address) => String(address.id) === selectedId) ?? defaultAddressOf(saved);

  const onAddNew = async () => {
    if (checkAddressLimit(saved.length)) {
      setOpen(null);
      await popup({ title: t('addresses.limit.title'), text: t('addresses.limit.text') });
      return;
    }
    setOpen({ kind: 'form', mode: { kind: 'add' } });
  };

  // A sold-out product, or a cart line asking for more than is left, would be refused by the server: say so here.
  const problems = items.lines ? stockProblemsOf(items.lines, t) : [];
  const blocked = problems.length > 0;

  const onContinue = async () => {
    if (blocked) return;
    if (!selected) {
      await popup({ title: t('checkout.selectAddress.title'), text: t('checkout.selectAddress.text') });
      return;
    }
    const state: CheckoutState = { productId, selectedPayment: payment, selectedAddress: selected };
    navigate('/payment-page', { state });
  };

  if (items.lines && items.lines.length === 0) {
    return <EmptyCart>{t('checkout.empty')}</EmptyCart>;
  }

  const loadingAddresses = userId === null || addresses.isPending;
  return (
    <>
      <CheckoutSteps current={1} />
      <div className={panels.layout}>
        <div className={panels.main}>
          <section className={panels.card} aria-labelledby="delivery-address-title">
            <h2 id="delivery-address-title" className={panels.cardTitle}>
              <PinIcon size={20} /> {t('checkout.address.title')}
            </h2>
            {addresses.isError ? (
              <LoadFailed title={t('addresses.book.loadFailed')} onRetry={() => void addresses.refetch()} />
            ) : loadingAddresses ? (
              <div className={styles.addressPending} aria-busy="true" aria-label={t('checkout.address.loading')} />
            ) : selected ? (
              <AddressView address={selected} />
            ) : (
              <p className={styles.noAddress}>{t('checkout.address.none')}</p>
            )}
            <div className={styles.addressActions}>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setOpen({ kind: 'book' })}
                disabled={loadingAddresses}
              >
                {t('checkout.address.select')}
              </button>
              {selected && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => setOpen({ kind: 'form', mode: { kind: 'edit', address: selected } })}
                >
                  {t('addresses.form.editTitle')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => void onAddNew()}
                disabled={loadingAddresses}
              >
                <PlusIcon size={18} /> {t('addresses.addNew')}
              </button>
            </div>
          </section>

          <section className={panels.card} aria-labelledby="payment-method-title">
            <h2 id="payment-method-title" className={panels.cardTitle}>
              {t('checkout.method.title')}
            </h2>
            <PaymentMethodChoice value={payment} onChange={setPayment} labelledBy="payment-method-title" />
          </section>
        </div>

        <aside
          className={`${panels.card} ${panels.summary} ${panels.stickySummary} ${styles.summary}`}
          aria-label={t('checkout.summary.orderLabel')}
        >
          <h2 className={`${panels.cardTitle} ${styles.cardTitle}`}>{t('checkout.summary.orderTitle')}</h2>
          <OrderPreview items={items} />
          {blocked && (
            <StockBlock
              id={problemsId}
              problems={problems}
              lines={items.lines ?? []}
              buyNow={productId !== undefined}
            />
          )}
          <button
            type="button"
            className={`btn btn-accent ${styles.continue}`}
            onClick={() => void onContinue()}
            disabled={blocked}
            aria-describedby={blocked ? problemsId : undefined}
          >
            {t('checkout.continue')}
          </button>
        </aside>
      </div>

      {open?.kind === 'book' && userId && (
        <AddressBookModal
          addresses={saved}
          selected={selected}
          userId={userId}
          onClose={() => setOpen(null)}
          onAddNew={() => void onAddNew()}
          onChoose={(address: SavedAddress) => {
            setSelectedId(String(address.id));
            setOpen(null);
          }}
        />
      )}
      {open?.kind === 'form' && userId && (
        <Suspense fallback={null}>
          <AddressFormModal
            mode={open.mode}
            userId={userId}
            addressCount={saved.length}
            onClose={() => setOpen(null)}
            onSaved={(address) => {
              setSelectedId(String(address.id));
              setOpen(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** What is being checked out: each line with its quantity and price, and the subtotal (shipping comes next). */
function OrderPreview({ items }: { items: ReturnType<typeof useCheckoutItems> }) {
  const { t, locale, rupees } = useT();
  if (items.isError) {
    return <LoadFailed title={t('checkout.fetchItemsFailed')} onRetry={() => void items.refetch()} />;
  }
  if (!items.lines)
    return <div className={styles.previewPending} aria-busy="true" aria-label={t('checkout.preview.loading')} />;
  return (
    <>
      <ul className={styles.preview} aria-label={t('checkout.preview.label')}>
        {items.lines.map((line) => (
          <li key={line.id}>
            <LinePicture src={line.picture} size={48} />
            <span className={styles.previewName}>
              {line.name}
              <span className={styles.previewQuantity}>
                {line.quantity} × {rupees(line.price)}
              </span>
              <StockNote stock={line.stock} quantity={line.quantity} className={styles.previewStock} />
            </span>
            <span className={styles.previewPrice}>{formatRupees(pricePaise(line.price) * line.quantity, locale)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.subtotal}>
        <span>{t('checkout.subtotal')}</span>
        <strong>{formatRupees(subtotalPaise(items.lines), locale)}</strong>
      </p>
      <p className={panels.note}>{t('checkout.preview.shippingNote')}</p>
    </>
  );
}

/**
 * Why Continue is disabled: the one product of Buy Now is sold out, or cart lines are sold out or short of stock
 * (changed in the cart, where quantities are kept).
 */
function StockBlock({
  id,
  problems,
  lines,
  buyNow,
}: {
  id: string;
  problems: readonly string[];
  lines: readonly CheckoutLine[];
  buyNow: boolean;
}) {
  const { t } = useT();
  const soldOutProduct = buyNow && lines.length === 1 && isSoldOut(lines[0]!.stock);
  return (
    <>
      <StockProblems id={id} problems={soldOutProduct ? [t('products.stock.soldOutProduct')] : problems} />
      {soldOutProduct ? (
        <Link to="/" className="btn btn-outline">
          {t('checkout.stock.browseOther')}
        </Link>
      ) : (
        <Link to="/cartpage" className="btn btn-outline">
          {t('checkout.stock.changeCart')}
        </Link>
      )}
    </>
  );
}
