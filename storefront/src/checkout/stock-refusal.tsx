import { STOCK_MESSAGES, type ShortStockItem } from '@mandi/domain';
import { useT, type Translator } from '../i18n/i18n';
import styles from './payment.module.css';

/**
 * The lines of checkout's stock refusal (409, `details.items`), read leniently: an item without a product id or a
 * count of packs left is not one we can name.
 */
export function shortStockItemsOf(body: unknown): ShortStockItem[] {
  const items = (body as { details?: { items?: unknown } } | null)?.details?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item): ShortStockItem[] => {
    if (!item || typeof item !== 'object') return [];
    const { productId, productName, requested, left } = item as Record<string, unknown>;
    if ((typeof productId !== 'string' && typeof productId !== 'number') || typeof left !== 'number') return [];
    return [
      {
        productId: String(productId),
        productName: typeof productName === 'string' ? productName : null,
        requested: typeof requested === 'number' ? requested : null,
        left,
      },
    ];
  });
}

/** One line of that refusal as the buyer reads it (STOCK_MESSAGES.shortItem's words in the visitor's language). */
export function shortItemText(t: Translator['t'], { productName, requested, left }: ShortStockItem): string {
  const name = productName ?? t('checkout.stockRefusal.anItem');
  if (left <= 0) return t('checkout.stockRefusal.soldOut', { name });
  return requested === null
    ? t('checkout.stockRefusal.onlyLeft', { name, left })
    : t('checkout.stockRefusal.asked', { name, requested, left });
}

/** The popup's words for that refusal: the server's sentence, then each product and how many are left. */
export function StockRefusal({ items }: { items: readonly ShortStockItem[] }) {
  const { t, serverText } = useT();
  return (
    <>
      <span className={styles.refusalLead}>{serverText(STOCK_MESSAGES.notEnoughStock)}</span>
      {items.length > 0 && (
        <ul className={styles.refusalItems}>
          {items.map((item) => (
            <li key={item.productId}>{shortItemText(t, item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
