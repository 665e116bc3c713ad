import type { AttentionProduct } from '@mandi/contracts';
import { SELLER_DASHBOARD_LIMITS } from '@mandi/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { LinePicture } from '../checkout/checkout-parts';
import { useT } from '../i18n/i18n';
import { expiryLine } from '../products/relative-time';
import { useConfirm } from '../ui/confirm-dialog';
import { AlertIcon } from '../ui/icons';
import panels from '../ui/panels.module.css';
import { useProductAction, type ProductAction } from './seller-dashboard-queries';
import { EXTEND_DAYS, EXPIRING_HOURS } from './seller-dashboard-texts';
import styles from './seller-dashboard.module.css';
import { useMinuteClock } from './minute-clock';

/** The products sold out or expiring within 48 hours, each with its one-click action. */
export function Attention({ uid, products }: { uid: string; products: AttentionProduct[] }) {
  const titleId = useId();
  const { t, serverText } = useT();
  const now = useMinuteClock();
  const action = useProductAction(uid);
  const confirm = useConfirm();
  // The product and the server's answer (English), shown in the reader's language.
  const [done, setDone] = useState<{ product: string; message: string } | null>(null);
  // The first few, soonest first; the rest on asking, so the orders stay near the top on a phone.
  const [all, setAll] = useState(false);
  const shown = all ? products : products.slice(0, SELLER_DASHBOARD_LIMITS.attentionShown);

  const run = async (product: AttentionProduct, asked: ProductAction) => {
    try {
      const answer = await action.mutateAsync(asked);
      setDone({ product: product.name, message: answer.message });
    } catch (error) {
      setDone(null);
      const refusal = error instanceof ApiError && error.serverMessage;
      await confirm({
        title: t('sellerDashboard.error'),
        message: refusal ? serverText(refusal) : t('sellerDashboard.actionFailed'),
      });
    }
  };

  return (
    <section className={`${panels.card} ${styles.attention}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={panels.cardTitle}>
        <AlertIcon size={20} /> {t('sellerDashboard.attention.title')}
        {products.length > 0 && <span className={styles.count}>{products.length}</span>}
      </h2>
      <p className={styles.status} role="status">
        {done && t('sellerDashboard.attention.done', { product: done.product, message: serverText(done.message) })}
      </p>
      {products.length === 0 ? (
        <p className={panels.note}>{t('sellerDashboard.attention.none', { hours: EXPIRING_HOURS })}</p>
      ) : (
        <ul className={styles.attentionList}>
          {shown.map((product) => (
            <AttentionItem
              key={product.product_id}
              product={product}
              now={now}
              busy={action.isPending && action.variables?.productId === product.product_id}
              onAction={(asked) => void run(product, asked)}
            />
          ))}
        </ul>
      )}
      {products.length > SELLER_DASHBOARD_LIMITS.attentionShown && (
        <button
          type="button"
          className={`btn btn-ghost ${styles.showAll}`}
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all
            ? t('sellerDashboard.attention.showFewer')
            : t('sellerDashboard.attention.showAll', { count: products.length })}
        </button>
      )}
    </section>
  );
}

function AttentionItem({
  product,
  now,
  busy,
  onAction,
}: {
  product: AttentionProduct;
  now: Date;
  busy: boolean;
  onAction(action: ProductAction): void;
}) {
  const fieldId = useId();
  const errorId = useId();
  const { t, rupees, number } = useT();
  const [packs, setPacks] = useState('');
  const [invalid, setInvalid] = useState(false);
  const expiry = expiryLine(t, product.valid_until, now);
  const needsTime = product.expired || product.expiring;

  const restock = (event: FormEvent) => {
    event.preventDefault();
    const stock = Number(packs);
    if (
      !/^\d+$/.test(packs.trim()) ||
      stock < SELLER_DASHBOARD_LIMITS.restockMin ||
      stock > SELLER_DASHBOARD_LIMITS.restockMax
    ) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onAction({ kind: 'restock', productId: product.product_id, stock });
  };

  return (
    <li className={styles.attentionItem}>
      <LinePicture src={product.image} size={56} />
      <div className={styles.attentionBody}>
        <div className={panels.lineDetails}>
          <Link to={`/product/${encodeURIComponent(product.product_id)}`} className={styles.productName}>
            {product.name}
          </Link>
          <span className={styles.tags}>
            {product.sold_out && (
              <span className={`${styles.tag} ${styles.tagSoldOut}`}>{t('products.stock.soldOut')}</span>
            )}
            {expiry && (
              <span
                className={`${styles.tag} ${product.expired ? styles.tagExpired : needsTime ? styles.tagExpiring : ''}`}
              >
                {expiry.text}
              </span>
            )}
          </span>
          <span className={panels.muted}>
            {rupees(product.price)} ·{' '}
            {product.stock === null
              ? t('sellerDashboard.stock.unlimited')
              : t('sellerDashboard.stock.left', { count: product.stock })}
          </span>
        </div>
        <div className={styles.attentionActions}>
          {needsTime && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => onAction({ kind: 'extend', productId: product.product_id })}
            >
              {t('sellerDashboard.extend', { days: EXTEND_DAYS })}
            </button>
          )}
          {product.sold_out && (
            <form className={styles.restock} onSubmit={restock} noValidate>
              <label htmlFor={fieldId} className="visually-hidden">
                {t('sellerDashboard.restock.label', { product: product.name })}
              </label>
              <input
                id={fieldId}
                className={styles.packs}
                type="number"
                inputMode="numeric"
                min={SELLER_DASHBOARD_LIMITS.restockMin}
                max={SELLER_DASHBOARD_LIMITS.restockMax}
                step={1}
                placeholder={t('sellerDashboard.restock.placeholder')}
                value={packs}
                aria-invalid={invalid}
                aria-describedby={invalid ? errorId : undefined}
                onChange={(event) => setPacks(event.target.value)}
              />
              <button type="submit" className="btn btn-accent" disabled={busy}>
                {t('sellerDashboard.restock')}
              </button>
            </form>
          )}
        </div>
        {invalid && (
          <p id={errorId} className={`field-error ${styles.problem}`}>
            {t('sellerDashboard.restock.invalid', {
              min: number(SELLER_DASHBOARD_LIMITS.restockMin),
              max: number(SELLER_DASHBOARD_LIMITS.restockMax),
            })}
          </p>
        )}
      </div>
    </li>
  );
}
