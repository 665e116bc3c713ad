import { QUANTITY_MAX, QUANTITY_MIN } from '@mandi/domain';
import { useT } from '../i18n/i18n';
import styles from './quantity-stepper.module.css';

/**
 * The − quantity + control of a line (cart and payment page): 1 to 15, each button named after the product. `max`
 * lowers the top to what is left of a product's stock (libs/domain quantityMaxFor); a quantity already above it can
 * only go down.
 */
export function QuantityStepper({
  name,
  quantity,
  max = QUANTITY_MAX,
  disabled = false,
  onChange,
}: {
  name: string;
  quantity: number;
  max?: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  const { t } = useT();
  const top = Math.min(QUANTITY_MAX, max);
  return (
    <div className={styles.stepper} role="group" aria-label={t('ui.quantity.of', { name })}>
      <button
        type="button"
        aria-label={t('ui.quantity.less', { name })}
        disabled={disabled || quantity <= QUANTITY_MIN}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </button>
      <output aria-live="polite">{quantity}</output>
      <button
        type="button"
        aria-label={t('ui.quantity.more', { name })}
        disabled={disabled || quantity >= top}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
