import { isSoldOut } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/i18n';
import { officialProductsQuery } from '../products/product-queries';
import { StockNote } from '../products/stock-note';
import { Modal } from '../ui/modal';
import panels from '../ui/panels.module.css';
import { toCheckoutLine, type CheckoutProduct } from './checkout-items';
import { LinePicture } from './checkout-parts';
import styles from './payment.module.css';
import { weightText } from './checkout-totals';

/**
 * The '+ Add Product' modal of docs/catalog.md: the official products (productById of '{brand}-products'); choosing
 * one adds it to the order with quantity 1, products already in the order show as added, sold-out ones as sold out.
 */
export function AddProductModal({
  presentIds,
  onAdd,
  onClose,
}: {
  presentIds: ReadonlySet<string>;
  onAdd(product: CheckoutProduct): void;
  onClose(): void;
}) {
  const products = useQuery(officialProductsQuery());
  const translator = useT();
  const { t, rupees } = translator;
  return (
    <Modal title={t('checkout.addProduct.title')} description={t('checkout.addProduct.description')} onClose={onClose}>
      {products.isPending ? (
        <div className={styles.modalPending} aria-busy="true" aria-label={t('checkout.addProduct.loading')} />
      ) : products.isError ? (
        <div className={styles.modalProblem} role="alert">
          <p>{t('checkout.addProduct.loadFailed')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void products.refetch()}>
            {t('checkout.addProduct.retry')}
          </button>
        </div>
      ) : products.data.length === 0 ? (
        <p className={styles.modalProblem}>{t('checkout.addProduct.none')}</p>
      ) : (
        <ul className={styles.offers} aria-label={t('checkout.addProduct.list')}>
          {products.data.map((product) => {
            const line = toCheckoutLine(product, 1);
            const added = presentIds.has(line.id);
            return (
              <li key={line.id} className={styles.offer}>
                <LinePicture src={line.picture} size={56} />
                <span className={styles.offerText}>
                  <span className={panels.itemName}>{line.name}</span>
                  <span className={styles.offerMeta}>
                    {rupees(line.price)}
                    {line.weightGrams > 0 && ` · ${weightText(line.weightGrams, translator)}`}
                  </span>
                  <StockNote stock={line.stock} />
                </span>
                {isSoldOut(line.stock) && !added ? (
                  <button
                    type="button"
                    className={`btn btn-ghost ${styles.offerButton}`}
                    disabled
                    aria-label={t('checkout.addProduct.soldOutLabel', { name: line.name })}
                  >
                    {t('products.stock.soldOut')}
                  </button>
                ) : added ? (
                  <button
                    type="button"
                    className={`btn btn-ghost ${styles.offerButton}`}
                    disabled
                    aria-label={t('checkout.addProduct.addedLabel', { name: line.name })}
                  >
                    {t('checkout.addProduct.added')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={`btn btn-outline ${styles.offerButton}`}
                    aria-label={t('checkout.addProduct.addLabel', { name: line.name })}
                    onClick={() => onAdd(product)}
                  >
                    {t('checkout.addProduct.add')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
