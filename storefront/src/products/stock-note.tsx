import { lineStock, stockState } from '@mandi/domain';
import { useT } from '../i18n/i18n';
import styles from './stock-note.module.css';

/**
 * What a buyer is told about a product's stock, with one look on cards, the product page, the cart and checkout:
 * nothing while plenty (or unlimited) is left, 'Only N left' at the low threshold, 'Sold out' at 0. Given the
 * `quantity` of a cart or order line, it also says 'Only N left' whenever the line asks for more than N.
 */
export function StockNote({
  stock,
  quantity,
  className,
}: {
  stock: number | null | undefined;
  quantity?: number;
  className?: string;
}) {
  const { t } = useT();
  const line = quantity === undefined ? null : lineStock(stock, quantity);
  const state = line?.kind === 'short' ? ({ kind: 'low', left: line.left } as const) : stockState(stock);
  if (state.kind === 'plenty') return null;
  const soldOut = state.kind === 'sold_out';
  return (
    <span className={`${styles.note} ${soldOut ? styles.soldOut : styles.low}${className ? ` ${className}` : ''}`}>
      <span className={styles.dot} aria-hidden="true" />
      {soldOut ? t('products.stock.soldOut') : t('products.stock.onlyLeft', { left: state.left })}
    </span>
  );
}
