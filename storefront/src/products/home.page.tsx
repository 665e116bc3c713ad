import { BROWSE_LABELS, PRODUCT_MESSAGES, browseEntries, narrowsProducts, readHomeListing } from '@mandi/domain';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LeafIcon, SearchIcon, ShieldIcon, TruckIcon } from '../ui/icons';
import { EmptyState, LoadFailed, useDocumentTitle } from '../ui/page';
import { useNow } from '../ui/render-clock';
import { useAddToCart } from './add-to-cart';
import { BrowseFilters, browseHref } from './browse-filters';
import { ProductCard } from './product-card';
import { useListing } from './product-queries';
import grid from './product-grid.module.css';
import styles from './home.page.module.css';

/** Cards in the first row on the widest layout: their pictures load eagerly, with high priority. */
const FIRST_ROW = 4;

/** Calls `onVisible` when the element scrolls near the viewport (the 'Load more' button stays as the fallback). */
function useNearViewport(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/**
 * The home listing of 000 section 2: the URL's search and filter, and its browsing (category, price, stock, freshness,
 * sort; issue 16), asked of the server a page at a time.
 */
export default function HomePage() {
  const [params] = useSearchParams();
  const shown = useMemo(() => readHomeListing((name) => params.get(name)), [params]);
  const search = shown.search ?? '';
  const originalOnly = shown.filter === 'Original';
  const { category } = shown.browse;
  const browsing = browseEntries(shown.browse).length > 0;
  const narrowed = narrowsProducts(shown.browse);
  const categoryLabel = category && BROWSE_LABELS.categories[category];
  useDocumentTitle(search ? `Results for “${search}”` : (categoryLabel ?? ''));
  const addToCart = useAddToCart();

  const listing = useListing(shown);

  const products = useMemo(() => listing.data?.pages.flat() ?? [], [listing.data]);
  const canLoadMore = listing.hasNextPage && !listing.isFetchingNextPage && !listing.isFetchNextPageError;
  const sentinel = useNearViewport(() => void listing.fetchNextPage(), canLoadMore);
  const now = useNow();

  return (
    <div className={styles.home}>
      {!search && !originalOnly && !browsing && (
        <section className={styles.hero} aria-labelledby="hero-title">
          <div>
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
            {search ? `Results for “${search}”` : originalOnly ? 'Mandi Originals' : (categoryLabel ?? 'Fresh on Mandi')}
          </h2>
          {originalOnly && <span className={styles.filterChip}>{PRODUCT_MESSAGES.originalBadge} only</span>}
        </div>

        <div className={styles.browse}>
          <BrowseFilters listing={shown} />
          <div className={styles.results}>
            {listing.isPending && (
              <ul className={`${grid.grid} ${styles.cards}`} aria-hidden="true">
                {Array.from({ length: 8 }, (_, index) => (
                  <li key={index} className={styles.skeleton} />
                ))}
              </ul>
            )}

            {listing.isError && !listing.data && (
              <LoadFailed title="We couldn't load products" onRetry={() => void listing.refetch()}>
                Please check your connection and try again in a moment.
              </LoadFailed>
            )}

            {listing.data && products.length === 0 && (
              <EmptyState
                icon={<SearchIcon size={32} />}
                title={PRODUCT_MESSAGES.noResults}
                action={
                  narrowed ? (
                    <Link to={browseHref(shown, {})} className="btn btn-outline">
                      {BROWSE_LABELS.clearFilters}
                    </Link>
                  ) : (
                    (search || originalOnly) && (
                      <Link to="/" className="btn btn-outline">
                        See all products
                      </Link>
                    )
                  )
                }
              >
                {narrowed
                  ? BROWSE_LABELS.noMatches
                  : search
                    ? 'Try another spelling or a more general word, like “rice” or “mango”.'
                    : 'New harvests are listed every day.'}
              </EmptyState>
            )}

            {listing.data && products.length > 0 && (
              <>
                <ul className={`${grid.grid} ${styles.cards}`}>
                  {products.map((product, index) => (
                    <li key={product.id}>
                      <ProductCard
                        product={product}
                        now={now}
                        priority={index < FIRST_ROW}
                        onAddToCart={(id) => void addToCart(id)}
                      />
                    </li>
                  ))}
                </ul>
                <div ref={sentinel} className={styles.more}>
                  {listing.isFetchingNextPage && (
                    <p className={styles.moreNote} role="status">
                      Loading more products…
                    </p>
                  )}
                  {listing.isFetchNextPageError && (
                    <p className={styles.moreError} role="alert">
                      More products could not be loaded.
                    </p>
                  )}
                  {listing.hasNextPage && !listing.isFetchingNextPage && (
                    <button type="button" className="btn btn-outline" onClick={() => void listing.fetchNextPage()}>
                      {listing.isFetchNextPageError ? 'Try again' : 'Load more'}
                    </button>
                  )}
                  {!listing.hasNextPage && products.length > FIRST_ROW * 2 && (
                    <p className={styles.moreNote}>You have seen every product. Check back tomorrow for fresh harvests.</p>
                  )}
                </div>
              </>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
