import {
  DEFAULT_SEARCH_FILTER,
  PRICE_BANDS,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  browseEntries,
  type HomeListing,
  type ProductBrowse,
  type ProductCategory,
  type ProductSort,
} from '@mandi/domain';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useT, type Translator } from '../i18n/i18n';
import { ChevronDownIcon, CloseIcon } from '../ui/icons';
import styles from './browse-filters.module.css';

/** The catalogue key of each category's name (the names of invoices, libs/domain CATEGORY_TAX, in English). */
export const CATEGORY_KEYS = {
  fresh_produce: 'products.category.freshProduce',
  fresh_fruits: 'products.category.freshFruits',
  cereals: 'products.category.cereals',
  pulses: 'products.category.pulses',
  flour: 'products.category.flour',
  ghee_butter: 'products.category.gheeButter',
  spices: 'products.category.spices',
  edible_oils: 'products.category.edibleOils',
  honey: 'products.category.honey',
  jaggery: 'products.category.jaggery',
  pickles_preserves: 'products.category.picklesPreserves',
  seeds: 'products.category.seeds',
} as const satisfies Record<ProductCategory, string>;

/** The catalogue keys of each sort's name in the panel and, shorter, on the phone's chip. */
export const SORT_KEYS = {
  newest: { label: 'products.browse.sort.newest', chip: 'products.browse.sortChip.newest' },
  price_asc: { label: 'products.browse.sort.priceAsc', chip: 'products.browse.sortChip.priceAsc' },
  price_desc: { label: 'products.browse.sort.priceDesc', chip: 'products.browse.sortChip.priceDesc' },
} as const satisfies Record<ProductSort, { label: string; chip: string }>;

/** A category's name in the page's language. */
export function categoryName(t: Translator['t'], category: ProductCategory): string {
  return t(CATEGORY_KEYS[category]);
}

/** Whole rupees and rupees with paise, per locale. */
const rupeeFormats = Object.fromEntries(
  (['en-IN', 'hi-IN'] as const).map((locale) => [
    locale,
    {
      whole: new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
      paise: new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' }),
    },
  ]),
) as Record<Translator['locale'], { whole: Intl.NumberFormat; paise: Intl.NumberFormat }>;

/** '₹100', '₹1,250.50' in the page's locale: paise only when there are some (libs/domain priceRangeLabel's form). */
function rangeRupees(value: number, locale: Translator['locale']): string {
  return (Number.isInteger(value) ? rupeeFormats[locale].whole : rupeeFormats[locale].paise).format(value);
}

/** How a price range reads in the panel: 'Up to ₹100', '₹100 – ₹250', '₹500 and above' (libs/domain priceRangeLabel). */
export function priceRangeText(
  { t, locale }: Pick<Translator, 't' | 'locale'>,
  minPrice: number | undefined,
  maxPrice: number | undefined,
): string {
  if (minPrice === undefined && maxPrice === undefined) return t('products.browse.anyPrice');
  if (minPrice === undefined) return t('products.browse.price.upTo', { price: rangeRupees(maxPrice!, locale) });
  if (maxPrice === undefined) return t('products.browse.price.andAbove', { price: rangeRupees(minPrice, locale) });
  return t('products.browse.price.range', { min: rangeRupees(minPrice, locale), max: rangeRupees(maxPrice, locale) });
}

/** A price range in the fewest characters, for the phone's chip: 'Up to ₹100', '₹100–250', '₹500+' (libs/domain priceRangeChip). */
export function priceRangeChipText(
  { t, locale }: Pick<Translator, 't' | 'locale'>,
  minPrice: number | undefined,
  maxPrice: number | undefined,
): string {
  if (minPrice === undefined && maxPrice === undefined) return t('products.browse.priceHeading');
  if (minPrice === undefined) return t('products.browse.price.upTo', { price: rangeRupees(maxPrice!, locale) });
  if (maxPrice === undefined) return t('products.browse.priceChip.andAbove', { price: rangeRupees(minPrice, locale) });
  return t('products.browse.priceChip.range', {
    min: rangeRupees(minPrice, locale),
    max: maxPrice.toLocaleString(locale, { maximumFractionDigits: 2 }),
  });
}

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
function Choice({
  to,
  current,
  label,
  children,
  className,
}: {
  to: string;
  current: boolean;
  label?: string;
  children: ReactNode;
  className: string;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      className={className}
      aria-current={current ? 'true' : undefined}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

/** The row's padding before its first chip (browse-filters.module.css), kept when a chip is scrolled into view. */
const CHIP_ROW_PADDING = 12;

/** A chip that opens the phone's own list of choices (the sort, the price range). */
function ChipSelect({
  label,
  value,
  chosen,
  onChoose,
  children,
}: {
  label: string;
  value: string;
  chosen: boolean;
  onChoose(value: string): void;
  children: ReactNode;
}) {
  return (
    <label className={`${styles.chip} ${styles.selectChip}`} data-chosen={chosen || undefined}>
      <span className="visually-hidden">{label}</span>
      <select value={value} onChange={(event) => onChoose(event.target.value)}>
        {children}
      </select>
      <ChevronDownIcon size={16} />
    </label>
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
 * one, and a filtered page can be shared. A phone shows them as two rows of chips above the cards (the sort and the
 * price range as chips that open the phone's own picker), a desktop as a panel beside them; CSS shows one or the
 * other.
 */
export function BrowseFilters({ listing }: { listing: HomeListing }) {
  const translator = useT();
  const { t } = translator;
  // Without a search, sort=newest is the default order, shown as such.
  const browse =
    !listing.search && listing.browse.sort === 'newest' ? { ...listing.browse, sort: undefined } : listing.browse;
  const panelTitle = useId();
  const to = (change: Partial<ProductBrowse>) => browseHref(listing, { ...browse, ...change });
  // Without a search, newest first is the listing's own order; with one, it is relevance.
  const sorts: SortChoice[] = [
    ...(listing.search
      ? [{ sort: undefined, label: t('products.browse.relevance'), chip: t('products.browse.relevance') }]
      : []),
    ...PRODUCT_SORTS.map((sort) => ({
      sort: sort === 'newest' && !listing.search ? undefined : sort,
      label: t(SORT_KEYS[sort].label),
      chip: t(SORT_KEYS[sort].chip),
    })),
  ];
  const priceBand = PRICE_BANDS.find((band) => band.minPrice === browse.minPrice && band.maxPrice === browse.maxPrice);
  const customPrice = !priceBand && (browse.minPrice !== undefined || browse.maxPrice !== undefined);
  const filtered = browseEntries(browse).length > 0;
  const clearAll = browseHref(listing, {});
  const navigate = useNavigate();
  const go = (href: string) => void navigate(href, { preventScrollReset: true });
  const categoryRow = useRef<HTMLDivElement>(null);
  // The chosen category, when out of sight in its scrolling row, is brought into view (a shared link to 'Spices').
  useEffect(() => {
    const row = categoryRow.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!row || !chosen) return;
    if (
      chosen.offsetLeft + chosen.offsetWidth > row.scrollLeft + row.clientWidth ||
      chosen.offsetLeft < row.scrollLeft
    ) {
      row.scrollLeft = chosen.offsetLeft - CHIP_ROW_PADDING;
    }
  }, [browse.category]);

  return (
    <>
      <div className={styles.chips}>
        <div className={styles.chipRow}>
          {filtered && (
            <Link
              to={clearAll}
              preventScrollReset
              className={`${styles.chip} ${styles.clearChip}`}
              aria-label={t('products.browse.clear')}
            >
              <CloseIcon size={16} />
            </Link>
          )}
          <ChipSelect
            label={t('products.browse.sortHeading')}
            value={String(sorts.findIndex((choice) => choice.sort === browse.sort))}
            chosen={browse.sort !== undefined}
            onChoose={(index) => go(to({ sort: sorts[Number(index)]!.sort }))}
          >
            {sorts.map((choice, index) => (
              <option key={String(choice.sort)} value={index}>
                {choice.chip}
              </option>
            ))}
          </ChipSelect>
          <ChipSelect
            label={t('products.browse.priceHeading')}
            value={customPrice ? 'custom' : priceBand ? String(PRICE_BANDS.indexOf(priceBand)) : 'any'}
            chosen={customPrice || priceBand !== undefined}
            onChoose={(value) =>
              go(
                to(
                  value === 'any'
                    ? { minPrice: undefined, maxPrice: undefined }
                    : value === 'custom'
                      ? {}
                      : PRICE_BANDS[Number(value)]!,
                ),
              )
            }
          >
            <option value="any">{t('products.browse.priceHeading')}</option>
            {PRICE_BANDS.map((band, index) => (
              <option key={index} value={index}>
                {priceRangeChipText(translator, band.minPrice, band.maxPrice)}
              </option>
            ))}
            {customPrice && (
              <option value="custom">{priceRangeChipText(translator, browse.minPrice, browse.maxPrice)}</option>
            )}
          </ChipSelect>
          <div role="group" aria-label={t('products.browse.availabilityHeading')} className={styles.chipGroup}>
            <Choice
              to={to({ inStock: browse.inStock ? undefined : true })}
              current={Boolean(browse.inStock)}
              label={t('products.browse.inStock')}
              className={styles.chip}
            >
              {t('products.browse.inStockChip')}
            </Choice>
            <Choice
              to={to({ fresh: browse.fresh ? undefined : true })}
              current={Boolean(browse.fresh)}
              label={t('products.browse.fresh')}
              className={styles.chip}
            >
              {t('products.browse.freshChip')}
            </Choice>
          </div>
        </div>
        <div
          role="group"
          aria-label={t('products.browse.categoryHeading')}
          className={`${styles.chipRow} ${styles.chipGroup}`}
          ref={categoryRow}
        >
          {PRODUCT_CATEGORIES.map((category) => (
            <Choice
              key={category}
              // A second tap on the chosen category takes it off.
              to={to({ category: browse.category === category ? undefined : category })}
              current={browse.category === category}
              className={styles.chip}
            >
              {categoryName(t, category)}
            </Choice>
          ))}
        </div>
      </div>

      <aside className={styles.panel} aria-labelledby={panelTitle}>
        <div className={styles.panelHead}>
          <h2 id={panelTitle} className={styles.panelTitle}>
            {t('products.browse.title')}
          </h2>
          {filtered && (
            <Link to={clearAll} preventScrollReset className={styles.clear}>
              {t('products.browse.clear')}
            </Link>
          )}
        </div>
        <PanelGroup title={t('products.browse.sortHeading')}>
          {sorts.map((choice) => (
            <Choice
              key={String(choice.sort)}
              to={to({ sort: choice.sort })}
              current={browse.sort === choice.sort}
              className={styles.option}
            >
              {choice.label}
            </Choice>
          ))}
        </PanelGroup>
        <PanelGroup title={t('products.browse.availabilityHeading')}>
          <Choice
            to={to({ inStock: browse.inStock ? undefined : true })}
            current={Boolean(browse.inStock)}
            className={`${styles.option} ${styles.toggle}`}
          >
            {t('products.browse.inStock')}
          </Choice>
          <Choice
            to={to({ fresh: browse.fresh ? undefined : true })}
            current={Boolean(browse.fresh)}
            className={`${styles.option} ${styles.toggle}`}
          >
            {t('products.browse.fresh')}
          </Choice>
        </PanelGroup>
        <PanelGroup title={t('products.browse.priceHeading')}>
          <Choice
            to={to({ minPrice: undefined, maxPrice: undefined })}
            current={browse.minPrice === undefined && browse.maxPrice === undefined}
            className={styles.option}
          >
            {t('products.browse.anyPrice')}
          </Choice>
          {PRICE_BANDS.map((band, index) => (
            <Choice key={index} to={to(band)} current={band === priceBand} className={styles.option}>
              {priceRangeText(translator, band.minPrice, band.maxPrice)}
            </Choice>
          ))}
          {customPrice && (
            <Choice to={to({})} current className={styles.option}>
              {priceRangeText(translator, browse.minPrice, browse.maxPrice)}
            </Choice>
          )}
        </PanelGroup>
        <PanelGroup title={t('products.browse.categoryHeading')}>
          <Choice to={to({ category: undefined })} current={!browse.category} className={styles.option}>
            {t('products.browse.allCategories')}
          </Choice>
          {PRODUCT_CATEGORIES.map((category) => (
            <Choice
              key={category}
              to={to({ category })}
              current={browse.category === category}
              className={styles.option}
            >
              {categoryName(t, category)}
            </Choice>
          ))}
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
