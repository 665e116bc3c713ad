import { STOCK_MESSAGES, lineStock } from '@mandi/domain';
import type { Translator } from '../i18n/i18n';
import { AlertIcon } from '../ui/icons';
import styles from './stock-problems.module.css';

/** A line as far as stock is concerned: its product's name and stock, and how many packs it asks for. */
export interface StockLine {
  name: string;
  stock?: number | null;
  quantity: number;
}

/**
 * What keeps `lines` from checking out: a sentence for each sold-out line and each line asking for more than is left,
 * in the page's language with `t` (from useT), else in the spec's English (STOCK_MESSAGES).
 */
export function stockProblemsOf(lines: readonly StockLine[], t?: Translator['t']): string[] {
  return lines.flatMap((line) => {
    const state = lineStock(line.stock, line.quantity);
    if (state.kind === 'sold_out')
      return [t ? t('products.stock.soldOutLine', { name: line.name }) : STOCK_MESSAGES.soldOutLine(line.name)];
    if (state.kind === 'short') {
      return [
        t
          ? t('products.stock.shortLine', { name: line.name, left: state.left })
          : STOCK_MESSAGES.shortLine(line.name, state.left),
      ];
    }
    return [];
  });
}

/** Those sentences beside the checkout button they disable (`id` for its aria-describedby). */
export function StockProblems({ id, problems }: { id: string; problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div id={id} className={styles.problems} role="status">
      <AlertIcon size={18} />
      {problems.length === 1 ? (
        <p>{problems[0]}</p>
      ) : (
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
