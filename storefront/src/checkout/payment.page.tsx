import { ORDER_REDIRECT_MS, QUANTITY_MAX, QUANTITY_MIN, formatRupees, isSoldOut, quantityMaxFor } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AddressView } from '../addresses/address-view';
import { useAuth } from '../auth/auth-context';
import { EmptyCart } from '../cart/empty-cart';
import { useT } from '../i18n/i18n';
import { ORDER_WINDOW_HOURS, PAYMENT_PROVIDER_NAME } from '../orders/order-policy';
import { officialProductsQuery } from '../products/product-queries';
import { StockNote } from '../products/stock-note';
import { StockProblems, stockProblemsOf } from '../products/stock-problems';
import { AlertIcon, CloseIcon, PinIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { QuantityStepper } from '../ui/quantity-stepper';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import { AddProductModal } from './add-product-modal';
import { toCheckoutLine, useCheckoutItems, useRefreshCheckoutItems, type CheckoutLine } from './checkout-items';
import { CheckoutSteps, LinePicture } from './checkout-parts';
import { readCheckoutState, type CheckoutState } from './checkout-state';
import { checkoutSummary, pricePaise, weightText } from './checkout-totals';
import { PaymentSummary } from './payment-summary';
import { loadRazorpayCheckout } from './razorpay-loader';
import { usePlaceOrder, type PlacedOrder } from './use-place-order';
import styles from './payment.module.css';

/** The payment page of docs/payments.md; it needs the router state of checkout step 1. */
export default function PaymentPage() {
  const { t } = useT();
  const checkout = readCheckoutState(useLocation().state);
  const back = checkout?.productId
    ? `/product-checkout/${encodeURIComponent(checkout.productId)}`
    : '/product-checkout';
  return (
    <Page title={t('checkout.payment.title')} crumbs={[{ label: t('checkout.title'), to: back }]}>
      <RequireSignIn message={t('checkout.payment.signIn')}>
        {checkout ? (
          <Payment checkout={checkout} back={back} />
        ) : (
          <EmptyState
            tone="error"
            icon={<AlertIcon size={32} />}
            title={t('checkout.payment.missingInformation')}
            action={
              <Link to="/cartpage" className="btn btn-primary">
                {t('checkout.payment.backToCart')}
              </Link>
            }
          >
            {t('checkout.payment.chooseFirst')}
          </EmptyState>
        )}
      </RequireSignIn>
    </Page>
  );
}

const clampQuantity = (quantity: number) => Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.round(quantity)));

/**
 * The order as the buyer shapes it on this page: the checked-out lines, products added from the official list, lines
 * removed, and each quantity (kept here, 1 to 15; the cart itself is not changed).
 */
function useOrderLines(productId: string | undefined) {
  const items = useCheckoutItems(productId);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const [added, setAdded] = useState<readonly string[]>([]);
  const official = useQuery({ ...officialProductsQuery(), enabled: added.length > 0 });

  const lines = useMemo(() => {
    const base = items.lines ?? [];
    const extra = added
      .filter((id) => !base.some((line) => line.id === id))
      .flatMap((id) => {
        const product = official.data?.find((candidate) => String(candidate.id) === id);
        return product ? [toCheckoutLine(product, 1)] : [];
      });
    return [...base, ...extra]
      .filter((line) => !removed.includes(line.id))
      .map((line): CheckoutLine => ({ ...line, quantity: clampQuantity(quantities[line.id] ?? line.quantity) }));
  }, [items.lines, official.data, added, removed, quantities]);

  const setQuantity = (id: string, quantity: number) =>
    setQuantities((current) => ({ ...current, [id]: clampQuantity(quantity) }));
  const remove = (id: string) => setRemoved((current) => (lines.length > 1 ? [...current, id] : current));
  const add = (id: string) => {
    setRemoved((current) => current.filter((other) => other !== id));
    setQuantities((current) => ({ ...current, [id]: 1 }));
    if (!(items.lines ?? []).some((line) => line.id === id))
      setAdded((current) => (current.includes(id) ? current : [...current, id]));
  };
  return { items, lines, setQuantity, remove, add };
}

function Payment({ checkout, back }: { checkout: CheckoutState; back: string }) {
  const { productId, selectedPayment: method, selectedAddress } = checkout;
  const { userId } = useAuth();
  const { t, locale } = useT();
  const navigate = useNavigate();
  const order = useOrderLines(productId);
  const refreshItems = useRefreshCheckoutItems(productId);
  const [adding, setAdding] = useState(false);
  const problemsId = useId();
  const summary = useMemo(
    () => (order.lines.length > 0 ? checkoutSummary(order.lines, method) : null),
    [order.lines, method],
  );
  const place = usePlaceOrder({ checkout, lines: order.lines, summary, onItemsChanged: () => void refreshItems() });

  // Razorpay Checkout's script loads with the page, so it is there when the buyer presses Pay.
  useEffect(() => {
    if (method === 'online') loadRazorpayCheckout().catch(() => undefined);
  }, [method]);

  const ordersPath = `/orders/${encodeURIComponent(userId ?? '')}`;
  useEffect(() => {
    if (!place.placed) return;
    const timer = window.setTimeout(() => navigate(ordersPath), ORDER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [place.placed, navigate, ordersPath]);

  const { items, lines } = order;
  if (items.isError) {
    return <LoadFailed title={t('checkout.fetchItemsFailed')} onRetry={() => void items.refetch()} />;
  }
  if (!items.lines)
    return <div className={panels.pending} aria-busy="true" aria-label={t('checkout.payment.loading')} />;
  if (lines.length === 0) return <EmptyCart />;

  const presentIds = new Set(lines.map((line) => line.id));
  // Sold-out lines and lines asking for more than is left would be refused: the buyer removes or lowers them first
  // (the one line left, if sold out, cannot be removed: its order cannot be placed at all).
  const onlyLineSoldOut = lines.length === 1 && isSoldOut(lines[0]!.stock);
  const problems = onlyLineSoldOut ? [t('products.stock.soldOutProduct')] : stockProblemsOf(lines, t);
  const blocked = problems.length > 0;
  const payBlocked = place.busy || blocked;
  return (
    <>
      <CheckoutSteps current={2} />
      <div className={panels.layout}>
        <div className={panels.main}>
          <section className={panels.card} aria-labelledby="payment-address-title">
            <div className={`${panels.cardHead} ${styles.cardHead}`}>
              <h2 id="payment-address-title" className={panels.cardTitle}>
                <PinIcon size={20} /> {t('checkout.address.title')}
              </h2>
              <Link to={back} className={styles.change} aria-label={t('checkout.payment.changeLabel')}>
                {t('checkout.payment.change')}
              </Link>
            </div>
            <AddressView address={selectedAddress} />
          </section>

          <section className={panels.card} aria-labelledby="payment-items-title">
            <h2 id="payment-items-title" className={panels.cardTitle}>
              {t('checkout.payment.items')}
            </h2>
            <ul className={styles.lines} aria-label={t('checkout.payment.itemsLabel')}>
              {lines.map((line) => (
                <OrderLineRow
                  key={line.id}
                  line={line}
                  locked={place.busy}
                  removable={lines.length > 1}
                  onQuantity={(quantity) => order.setQuantity(line.id, quantity)}
                  onRemove={() => order.remove(line.id)}
                />
              ))}
            </ul>
            <button
              type="button"
              className={`btn btn-outline ${styles.addProduct}`}
              onClick={() => setAdding(true)}
              disabled={place.busy}
            >
              {t('checkout.payment.addProduct')}
            </button>
          </section>
        </div>

        {summary && (
          <PaymentSummary
            summary={summary}
            method={method}
            itemCount={lines.reduce((sum, line) => sum + line.quantity, 0)}
          >
            <StockProblems id={problemsId} problems={problems} />
            {method === 'cod' ? (
              <button
                type="button"
                className={`btn btn-accent ${styles.pay}`}
                onClick={() => void place.placeCashOnDelivery()}
                disabled={payBlocked}
                aria-describedby={blocked ? problemsId : undefined}
              >
                {t('checkout.payment.placeOrder')}
              </button>
            ) : (
              <button
                type="button"
                className={`btn btn-accent ${styles.pay}`}
                onClick={() => void place.payOnline()}
                disabled={payBlocked}
                aria-describedby={blocked ? problemsId : undefined}
              >
                {t('checkout.payment.pay', { amount: formatRupees(summary.totals.grandTotal, locale) })}
              </button>
            )}
            <p className={styles.secure}>
              {method === 'cod'
                ? t('checkout.payment.codNote', { hours: ORDER_WINDOW_HOURS })
                : t('checkout.payment.onlineNote', { provider: PAYMENT_PROVIDER_NAME })}
            </p>
          </PaymentSummary>
        )}
      </div>

      {adding && (
        <AddProductModal
          presentIds={presentIds}
          onClose={() => setAdding(false)}
          onAdd={(product) => {
            order.add(String(product.id));
            setAdding(false);
          }}
        />
      )}
      {place.placed && <PlacedDialog placed={place.placed} onGo={() => navigate(ordersPath)} />}
    </>
  );
}

/**
 * One line: picture, name, unit price, its stock note, the − / + quantity control (1 to 15, or to what is left), its
 * total and a remove button.
 */
function OrderLineRow({
  line,
  locked,
  removable,
  onQuantity,
  onRemove,
}: {
  line: CheckoutLine;
  locked: boolean;
  removable: boolean;
  onQuantity(quantity: number): void;
  onRemove(): void;
}) {
  const translator = useT();
  const { t, locale, rupees } = translator;
  const soldOut = isSoldOut(line.stock);
  return (
    <li className={soldOut ? `${styles.line} ${styles.soldOutLine}` : styles.line}>
      <LinePicture src={line.picture} size={72} />
      <div className={panels.lineDetails}>
        <span className={panels.itemName}>{line.name}</span>
        <span className={panels.muted}>
          {t('checkout.line.each', { price: rupees(line.price) })}
          {line.weightGrams > 0 && ` · ${weightText(line.weightGrams, translator)}`}
        </span>
        <StockNote stock={line.stock} quantity={line.quantity} className={styles.stockNote} />
        <div className={styles.lineBottom}>
          <QuantityStepper
            name={line.name}
            quantity={line.quantity}
            max={quantityMaxFor(line.stock)}
            disabled={locked || soldOut}
            onChange={onQuantity}
          />
          <strong className={styles.lineTotal}>{formatRupees(pricePaise(line.price) * line.quantity, locale)}</strong>
        </div>
      </div>
      <button
        type="button"
        className={`${panels.removeButton} ${styles.remove}`}
        aria-label={t('checkout.line.remove', { name: line.name })}
        title={removable ? undefined : t('checkout.line.lastItem')}
        disabled={locked || !removable}
        onClick={onRemove}
      >
        <CloseIcon size={18} />
      </button>
    </li>
  );
}

/** The success of docs/payments.md: the order is placed, the buyer goes to their orders after ORDER_REDIRECT_MS. */
function PlacedDialog({ placed, onGo }: { placed: PlacedOrder; onGo(): void }) {
  const { t } = useT();
  return (
    <Modal
      title={placed.paidOnline ? t('checkout.placed.paidTitle') : t('checkout.placed.title')}
      onClose={onGo}
      description={t('checkout.placed.description', { orderId: placed.orderId })}
      footer={
        <button type="button" className="btn btn-primary" onClick={onGo} data-autofocus>
          {t('checkout.placed.viewOrders')}
        </button>
      }
    >
      <p className={styles.placed}>{t('checkout.placed.thanks')}</p>
    </Modal>
  );
}
