import { browseEntries, narrowsProducts, readHomeListing } from '@mandi/domain';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { LeafIcon, SearchIcon, ShieldIcon, TruckIcon } from '../ui/icons';
import { EmptyState, LoadFailed, useDocumentTitle } from '../ui/page';
import { useNow } from '../ui/render-clock';
import { useAddToCart } from './add-to-cart';
import { BrowseFilters, browseHref, categoryName } from './browse-filters';
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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/**
 * The home listing of docs/catalog.md: the URL's search and filter, and its browsing (category, price, stock, freshness,
 * sort; issue 16), asked of the server a page at a time.
 */
export default function HomePage() {
  const [params] = useSearchParams();
  const { t } = useT();
  const shown = useMemo(() => readHomeListing((name) => params.get(name)), [params]);
  const search = shown.search ?? '';
  const originalOnly = shown.filter === 'Original';
  const { category } = shown.browse;
  const browsing = browseEntries(shown.browse).length > 0;
  const narrowed = narrowsProducts(shown.browse);
  const categoryLabel = category && categoryName(t, category);
  const resultsTitle = t('products.home.results', { search });
  useDocumentTitle(search ? resultsTitle : (categoryLabel ?? ''));
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
              <LeafIcon size={16} /> {t('products.home.kicker')}
            </p>
            <h1 id="hero-title" className={styles.heroTitle}>
              {t('products.home.heroTitle')}
            </h1>
            <p className={styles.heroLead}>{t('products.home.heroLead')}</p>
            <div className={styles.heroActions}>
              <a href="#products" className="btn btn-accent">
                {t('products.home.shop')}
              </a>
              <Link to="/become-seller" className={`btn ${styles.heroGhost}`}>
                {t('products.home.sell')}
              </Link>
            </div>
          </div>
          <ul className={styles.promises}>
            <li>
              <ShieldIcon size={20} /> {t('products.home.promise.payments')}
            </li>
            <li>
              <TruckIcon size={20} /> {t('products.home.promise.delivery')}
            </li>
            <li>
              <LeafIcon size={20} /> {t('products.home.promise.cancel')}
            </li>
          </ul>
        </section>
      )}

      <section id="products" className={styles.listing} aria-labelledby="listing-title">
        <div className={styles.listingHead}>
          <h2 id="listing-title" className={styles.listingTitle}>
            {search
              ? resultsTitle
              : originalOnly
                ? t('products.home.originals')
                : (categoryLabel ?? t('products.home.freshOnMandi'))}
          </h2>
          {originalOnly && <span className={styles.filterChip}>{t('products.home.originalOnly')}</span>}
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
              <LoadFailed title={t('products.home.loadFailed')} onRetry={() => void listing.refetch()}>
                {t('products.home.loadFailedText')}
              </LoadFailed>
            )}

            {listing.data && products.length === 0 && (
              <EmptyState
                icon={<SearchIcon size={32} />}
                title={t('products.home.noResults')}
                action={
                  narrowed ? (
                    <Link to={browseHref(shown, {})} className="btn btn-outline">
                      {t('products.browse.clearFilters')}
                    </Link>
                  ) : (
                    (search || originalOnly) && (
                      <Link to="/" className="btn btn-outline">
                        {t('products.home.seeAll')}
                      </Link>
                    )
                  )
                }
              >
                {narrowed
                  ? t('products.browse.noMatches')
                  : search
                    ? t('products.home.noResultsSearch')
                    : t('products.home.noResultsToday')}
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
                      {t('products.home.loadingMore')}
                    </p>
                  )}
                  {listing.isFetchNextPageError && (
                    <p className={styles.moreError} role="alert">
                      {t('products.home.moreFailed')}
                    </p>
                  )}
                  {listing.hasNextPage && !listing.isFetchingNextPage && (
                    <button type="button" className="btn btn-outline" onClick={() => void listing.fetchNextPage()}>
                      {listing.isFetchNextPageError ? t('ui.tryAgain') : t('products.home.loadMore')}
                    </button>
                  )}
                  {!listing.hasNextPage && products.length > FIRST_ROW * 2 && (
                    <p className={styles.moreNote}>{t('products.home.seenAll')}</p>
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
