import { STOCK_MESSAGES, isSoldOut } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../products/price';
import { officialProductsQuery } from '../products/product-queries';
import { StockNote } from '../products/stock-note';
import { Modal } from '../ui/modal';
import panels from '../ui/panels.module.css';
import { toCheckoutLine, type CheckoutProduct } from './checkout-items';
import { LinePicture } from './checkout-parts';
import styles from './payment.module.css';
import { weightText } from './checkout-totals';

/**
 * The '+ Add Product' modal of 001 section 2: the official products (GET /api/products/{brand}-products); choosing
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
  return (
    <Modal title="Add Product" description="Original Mandi products you can add to this order." onClose={onClose}>
      {products.isPending ? (
        <div className={styles.modalPending} aria-busy="true" aria-label="Loading products" />
      ) : products.isError ? (
        <div className={styles.modalProblem} role="alert">
          <p>We couldn’t load the products.</p>
          <button type="button" className="btn btn-primary" onClick={() => void products.refetch()}>
            Try again
          </button>
        </div>
      ) : products.data.length === 0 ? (
        <p className={styles.modalProblem}>No products to add right now.</p>
      ) : (
        <ul className={styles.offers} aria-label="Official products">
          {products.data.map((product) => {
            const line = toCheckoutLine(product, 1);
            const added = presentIds.has(line.id);
            return (
              <li key={line.id} className={styles.offer}>
                <LinePicture src={line.picture} size={56} />
                <span className={styles.offerText}>
                  <span className={panels.itemName}>{line.name}</span>
                  <span className={styles.offerMeta}>
                    {formatPrice(line.price)}
                    {line.weightGrams > 0 && ` · ${weightText(line.weightGrams)}`}
                  </span>
                  <StockNote stock={line.stock} />
                </span>
                {isSoldOut(line.stock) && !added ? (
                  <button type="button" className={`btn btn-ghost ${styles.offerButton}`} disabled aria-label={`${line.name} is sold out`}>
                    {STOCK_MESSAGES.soldOut}
                  </button>
                ) : added ? (
                  <button type="button" className={`btn btn-ghost ${styles.offerButton}`} disabled aria-label={`${line.name} is already added`}>
                    Added
                  </button>
                ) : (
                  <button type="button" className={`btn btn-outline ${styles.offerButton}`} aria-label={`Add ${line.name}`} onClick={() => onAdd(product)}>
                    Add
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
