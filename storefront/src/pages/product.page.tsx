import { PRODUCT_MESSAGES } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { apiFetch } from '../api/api-fetch';
import { useAddToCart } from '../products/add-to-cart';
import { formatPrice } from '../products/price';
import { imagesOf, isOriginal, type ListedProduct } from '../products/product';
import { AlertIcon, CartIcon, ImageIcon } from '../ui/icons';
import { EmptyState, Page } from '../ui/page';
import styles from './product.page.module.css';

/** The product page of 001 section 2: GET /api/products/{id}. */
export default function ProductPage() {
  const { productId = '' } = useParams();
  const addToCart = useAddToCart();
  const product = useQuery({
    queryKey: ['products', 'one', productId],
    queryFn: ({ signal }) => apiFetch<ListedProduct>(`/api/products/${encodeURIComponent(productId)}`, { signal }),
  });

  if (product.isPending) {
    return (
      <Page title="Loading..." crumbs={[{ label: 'Products', to: '/' }]}>
        <div className={styles.pending} aria-busy="true" />
      </Page>
    );
  }
  if (product.isError) {
    return (
      <Page title="Product" crumbs={[{ label: 'Products', to: '/' }]}>
        <EmptyState
          tone="error"
          icon={<AlertIcon size={32} />}
          title="Failed to load product"
          action={
            <Link to="/" className="btn btn-primary">
              Back to all products
            </Link>
          }
        >
          This product may have been removed, or the connection dropped. Please try again.
        </EmptyState>
      </Page>
    );
  }

  const item = product.data;
  const image = imagesOf(item)[0];
  return (
    <Page title={item.name} crumbs={[{ label: 'Products', to: '/' }]}>
      <div className={styles.layout}>
        <div className={styles.media}>
          {image ? (
            <img src={image} alt={item.name} />
          ) : (
            <span className={styles.noImage}>
              <ImageIcon size={36} />
              {PRODUCT_MESSAGES.noImage}
            </span>
          )}
          {isOriginal(item) && <span className={styles.badge}>{PRODUCT_MESSAGES.originalBadge}</span>}
        </div>
        <div className={styles.info}>
          <p className={styles.price}>{formatPrice(item.price)}</p>
          {item.description && <p>{item.description}</p>}
          <button type="button" className="btn btn-accent" onClick={() => void addToCart(item.id)}>
            <CartIcon size={20} /> Add to Cart
          </button>
        </div>
      </div>
    </Page>
  );
}
