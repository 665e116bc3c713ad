import { PRODUCT_MESSAGES } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiFetch } from '../api/api-fetch';
import { useAddToCart } from '../products/add-to-cart';
import { isOriginal, productsOf } from '../products/product';
import { ProductCard } from '../products/product-card';
import { AlertIcon, LeafIcon, SearchIcon, ShieldIcon, TruckIcon } from '../ui/icons';
import { EmptyState, useDocumentTitle } from '../ui/page';
import styles from './home.page.module.css';

function listingPath(search: string): string {
  return search ? `/api/products/by-name/${encodeURIComponent(search)}` : '/api/products';
}

/** The home listing of 000 section 2, with the search and filter of the URL. */
export default function HomePage() {
  const [params] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const originalOnly = params.get('filter') === 'Original';
  useDocumentTitle(search ? `Results for “${search}”` : '');
  const addToCart = useAddToCart();

  const products = useQuery({
    queryKey: ['products', 'listing', search],
    queryFn: async ({ signal }) => productsOf(await apiFetch<unknown>(listingPath(search), { signal })),
  });

  const shown = useMemo(
    () => (originalOnly ? (products.data ?? []).filter(isOriginal) : (products.data ?? [])),
    [products.data, originalOnly],
  );
  const now = new Date();

  return (
    <div className={styles.home}>
      {!search && !originalOnly && (
        <section className={styles.hero} aria-labelledby="hero-title">
          <div className={styles.heroText}>
            <p className={styles.kicker}>
              <LeafIcon size={16} /> Straight from Indian farms
            </p>
            <h1 id="hero-title" className={styles.heroTitle}>
              Fresh produce, fair prices, no middlemen.
            </h1>
            <p className={styles.heroLead}>
              Buy vegetables, fruits, grains and spices from the farmers who grow them — delivered across India.
            </p>
            <div className={styles.heroActions}>
              <a href="#products" className="btn btn-accent">
                Shop fresh produce
              </a>
              <Link to="/become-seller" className={`btn ${styles.heroGhost}`}>
                Sell on Mandi
              </Link>
            </div>
          </div>
          <ul className={styles.promises}>
            <li>
              <ShieldIcon size={20} /> Payments through a trusted provider
            </li>
            <li>
              <TruckIcon size={20} /> Online or cash on delivery
            </li>
            <li>
              <LeafIcon size={20} /> Cancel within 8 hours
            </li>
          </ul>
        </section>
      )}

      <section id="products" className={styles.listing} aria-labelledby="listing-title">
        <div className={styles.listingHead}>
          <h2 id="listing-title" className={styles.listingTitle}>
            {search ? `Results for “${search}”` : originalOnly ? 'Mandi Originals' : 'Fresh on Mandi'}
          </h2>
          {originalOnly && <span className={styles.filterChip}>{PRODUCT_MESSAGES.originalBadge} only</span>}
          {products.isSuccess && shown.length > 0 && (
            <span className={styles.count}>
              {shown.length} {shown.length === 1 ? 'product' : 'products'}
            </span>
          )}
        </div>

        {products.isPending && (
          <ul className={styles.grid} aria-hidden="true">
            {Array.from({ length: 8 }, (_, index) => (
              <li key={index} className={styles.skeleton} />
            ))}
          </ul>
        )}

        {products.isError && (
          <EmptyState
            tone="error"
            icon={<AlertIcon size={32} />}
            title="We couldn't load products"
            action={
              <button type="button" className="btn btn-primary" onClick={() => void products.refetch()}>
                Try again
              </button>
            }
          >
            Please check your connection and try again in a moment.
          </EmptyState>
        )}

        {products.isSuccess && shown.length === 0 && (
          <EmptyState
            icon={<SearchIcon size={32} />}
            title={PRODUCT_MESSAGES.noResults}
            action={
              (search || originalOnly) && (
                <Link to="/" className="btn btn-outline">
                  See all products
                </Link>
              )
            }
          >
            {search ? 'Try another spelling or a more general word, like “rice” or “mango”.' : 'New harvests are listed every day.'}
          </EmptyState>
        )}

        {products.isSuccess && shown.length > 0 && (
          <ul className={styles.grid}>
            {shown.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} now={now} onAddToCart={(id) => void addToCart(id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
