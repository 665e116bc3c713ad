import { QUANTITY_MAX, QUANTITY_MIN } from '@mandi/domain';
import styles from './quantity-stepper.module.css';

/** The − quantity + control of a line (cart and payment page): 1 to 15, each button named after the product. */
export function QuantityStepper({
  name,
  quantity,
  disabled = false,
  onChange,
}: {
  name: string;
  quantity: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  return (
    <div className={styles.stepper} role="group" aria-label={`Quantity of ${name}`}>
      <button type="button" aria-label={`One less ${name}`} disabled={disabled || quantity <= QUANTITY_MIN} onClick={() => onChange(quantity - 1)}>
        −
      </button>
      <output aria-live="polite">{quantity}</output>
      <button type="button" aria-label={`One more ${name}`} disabled={disabled || quantity >= QUANTITY_MAX} onClick={() => onChange(quantity + 1)}>
        +
      </button>
    </div>
  );
}
