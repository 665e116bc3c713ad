import { STOCK_MESSAGES, type ShortStockItem } from '@mandi/domain';
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

/** The popup's words for that refusal: the server's sentence, then each product and how many are left. */
export function StockRefusal({ items }: { items: readonly ShortStockItem[] }) {
  return (
    <>
      <span className={styles.refusalLead}>{STOCK_MESSAGES.notEnoughStock}</span>
      {items.length > 0 && (
        <ul className={styles.refusalItems}>
          {items.map((item) => (
            <li key={item.productId}>{STOCK_MESSAGES.shortItem(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
