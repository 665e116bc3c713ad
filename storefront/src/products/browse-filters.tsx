import {
  BROWSE_LABELS,
  DEFAULT_SEARCH_FILTER,
  PRICE_BANDS,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  browseEntries,
  priceRangeLabel,
  type HomeListing,
  type ProductBrowse,
  type ProductSort,
} from '@mandi/domain';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../ui/icons';
import styles from './browse-filters.module.css';

/** The home page URL of `listing` (its search and filter kept) browsing `browse` instead. */
export function browseHref(listing: HomeListing, browse: ProductBrowse): string {
  const params = new URLSearchParams();
  if (listing.search) params.set('search', listing.search);
  if (listing.filter !== DEFAULT_SEARCH_FILTER) params.set('filter', listing.filter);
  for (const [name, value] of browseEntries(browse)) params.set(name, value);
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/** One choice of a filter: a link to the page with it, marked current when the page shows it. */
function Choice({ to, current, label, children, className }: { to: string; current: boolean; label?: string; children: ReactNode; className: string }) {
  return (
    <Link to={to} preventScrollReset className={className} aria-current={current ? 'true' : undefined} aria-label={label}>
      {children}
    </Link>
  );
}

/** A sort offered, and the URL value it is (undefined: the page's default order). */
interface SortChoice {
  sort: ProductSort | undefined;
  label: string;
  chip: string;
}

/**
 * The filters of the home listing (issue 16): category, price range, in stock only, fresh only and the sort, as
 * links to the page's URL with each choice, so they work before the JavaScript has loaded, the back button undoes
 * one, and a filtered page can be shared. A phone shows them as two rows of chips above the cards, a desktop as a
 * panel beside them (the same links; CSS shows one or the other).
 */
export function BrowseFilters({ listing }: { listing: HomeListing }) {
  // Without a search, sort=newest is the default order, shown as such.
  const browse = !listing.search && listing.browse.sort === 'newest' ? { ...listing.browse, sort: undefined } : listing.browse;
  const panelTitle = useId();
  const to = (change: Partial<ProductBrowse>) => browseHref(listing, { ...browse, ...change });
  // Without a search, newest first is the listing's own order; with one, it is relevance.
  const sorts: SortChoice[] = [
    ...(listing.search ? [{ sort: undefined, label: BROWSE_LABELS.relevance, chip: BROWSE_LABELS.relevance }] : []),
    ...PRODUCT_SORTS.map((sort) => ({
      sort: sort === 'newest' && !listing.search ? undefined : sort,
      label: BROWSE_LABELS.sorts[sort],
      chip: BROWSE_LABELS.sortChips[sort],
    })),
  ];
  const priceBand = PRICE_BANDS.find((band) => band.minPrice === browse.minPrice && band.maxPrice === browse.maxPrice);
  const customPrice = !priceBand && (browse.minPrice !== undefined || browse.maxPrice !== undefined);
  const filtered = browseEntries(browse).length > 0;
  const clearAll = browseHref(listing, {});

  return (
    <>
      <div className={styles.chips}>
        <div className={styles.chipRow}>
          {filtered && (
            <Link to={clearAll} preventScrollReset className={`${styles.chip} ${styles.clearChip}`}>
              <CloseIcon size={14} /> {BROWSE_LABELS.clear}
            </Link>
          )}
          <div role="group" aria-label={BROWSE_LABELS.sortHeading} className={styles.chipGroup}>
            {sorts.map((choice) => (
              <Choice
                key={choice.label}
                to={to({ sort: choice.sort })}
                current={browse.sort === choice.sort}
                label={choice.label}
                className={styles.chip}
              >
                {choice.chip}
              </Choice>
            ))}
          </div>
          <div role="group" aria-label={BROWSE_LABELS.availabilityHeading} className={styles.chipGroup}>
            <Choice to={to({ inStock: browse.inStock ? undefined : true })} current={Boolean(browse.inStock)} className={styles.chip}>
              {BROWSE_LABELS.inStock}
            </Choice>
            <Choice to={to({ fresh: browse.fresh ? undefined : true })} current={Boolean(browse.fresh)} className={styles.chip}>
              {BROWSE_LABELS.fresh}
            </Choice>
          </div>
          <div role="group" aria-label={BROWSE_LABELS.priceHeading} className={styles.chipGroup}>
            {customPrice && (
              <Choice to={to({ minPrice: undefined, maxPrice: undefined })} current className={styles.chip}>
                {priceRangeLabel(browse.minPrice, browse.maxPrice)}
              </Choice>
            )}
            {PRICE_BANDS.map((band) => (
              <Choice
                key={priceRangeLabel(band.minPrice, band.maxPrice)}
                // A second tap on the chosen band takes it off.
                to={to(band === priceBand ? { minPrice: undefined, maxPrice: undefined } : band)}
                current={band === priceBand}
                className={styles.chip}
              >
                {priceRangeLabel(band.minPrice, band.maxPrice)}
              </Choice>
            ))}
          </div>
        </div>
        <div role="group" aria-label={BROWSE_LABELS.categoryHeading} className={`${styles.chipRow} ${styles.chipGroup}`}>
          {PRODUCT_CATEGORIES.map((category) => (
            <Choice
              key={category}
              to={to({ category: browse.category === category ? undefined : category })}
              current={browse.category === category}
              className={styles.chip}
            >
              {BROWSE_LABELS.categories[category]}
            </Choice>
          ))}
        </div>
      </div>

      <aside className={styles.panel} aria-labelledby={panelTitle}>
        <div className={styles.panelHead}>
          <h2 id={panelTitle} className={styles.panelTitle}>
            {BROWSE_LABELS.title}
          </h2>
          {filtered && (
            <Link to={clearAll} preventScrollReset className={styles.clear}>
              {BROWSE_LABELS.clear}
            </Link>
          )}
        </div>
        <PanelGroup title={BROWSE_LABELS.sortHeading}>
          {sorts.map((choice) => (
            <Choice key={choice.label} to={to({ sort: choice.sort })} current={browse.sort === choice.sort} className={styles.option}>
              {choice.label}
            </Choice>
          ))}
        </PanelGroup>
        <PanelGroup title={BROWSE_LABELS.categoryHeading}>
          <Choice to={to({ category: undefined })} current={!browse.category} className={styles.option}>
            {BROWSE_LABELS.allCategories}
          </Choice>
          {PRODUCT_CATEGORIES.map((category) => (
            <Choice key={category} to={to({ category })} current={browse.category === category} className={styles.option}>
              {BROWSE_LABELS.categories[category]}
            </Choice>
          ))}
        </PanelGroup>
        <PanelGroup title={BROWSE_LABELS.priceHeading}>
          <Choice
            to={to({ minPrice: undefined, maxPrice: undefined })}
            current={browse.minPrice === undefined && browse.maxPrice === undefined}
            className={styles.option}
          >
            {BROWSE_LABELS.anyPrice}
          </Choice>
          {PRICE_BANDS.map((band) => (
            <Choice key={priceRangeLabel(band.minPrice, band.maxPrice)} to={to(band)} current={band === priceBand} className={styles.option}>
              {priceRangeLabel(band.minPrice, band.maxPrice)}
            </Choice>
          ))}
          {customPrice && (
            <Choice to={to({})} current className={styles.option}>
              {priceRangeLabel(browse.minPrice, browse.maxPrice)}
            </Choice>
          )}
        </PanelGroup>
        <PanelGroup title={BROWSE_LABELS.availabilityHeading}>
          <Choice
            to={to({ inStock: browse.inStock ? undefined : true })}
            current={Boolean(browse.inStock)}
            className={`${styles.option} ${styles.toggle}`}
          >
            {BROWSE_LABELS.inStock}
          </Choice>
          <Choice to={to({ fresh: browse.fresh ? undefined : true })} current={Boolean(browse.fresh)} className={`${styles.option} ${styles.toggle}`}>
            {BROWSE_LABELS.fresh}
          </Choice>
        </PanelGroup>
      </aside>
    </>
  );
}

/** A titled list of choices in the desktop panel. */
function PanelGroup({ title, children }: { title: string; children: ReactNode[] | ReactNode }) {
  const id = useId();
  const items = Array.isArray(children) ? children.flat() : [children];
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 id={id} className={styles.groupTitle}>
        {title}
      </h3>
      <ul className={styles.options}>
        {items.filter(Boolean).map((child, index) => (
          <li key={index}>{child}</li>
        ))}
      </ul>
    </section>
  );
}
