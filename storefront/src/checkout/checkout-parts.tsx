import { PAYMENT_METHODS, type PaymentMethod } from '@mandi/domain';
import { useId } from 'react';
import { ImageIcon } from '../ui/icons';
import panels from '../ui/panels.module.css';
import styles from './checkout-parts.module.css';

/** How each payment method reads on the checkout (001 section 2: 'Pay Online or Cash on Delivery'). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, { title: string; hint: string }> = {
  online: { title: 'Pay Online', hint: 'UPI, cards, net banking or wallets, through Razorpay.' },
  cod: { title: 'Cash on Delivery', hint: 'Pay in cash when your order arrives. Shipping includes an 18% handling charge.' },
};

/** The two steps of checking out, the current one marked. */
export function CheckoutSteps({ current }: { current: 1 | 2 }) {
  const steps = ['Address & payment', 'Review & pay'];
  return (
    <ol className={styles.steps} aria-label="Checkout steps">
      {steps.map((label, index) => (
        <li key={label} className={index + 1 === current ? styles.stepCurrent : index + 1 < current ? styles.stepDone : undefined} aria-current={index + 1 === current ? 'step' : undefined}>
          <span className={styles.stepNumber} aria-hidden="true">
            {index + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** A line's picture, or the 'no image' mark. */
export function LinePicture({ src, size }: { src: string | null; size: number }) {
  return (
    <span className={panels.picture} style={{ width: size, height: size }} aria-hidden="true">
      {src ? <img src={src} alt="" width={size} height={size} loading="lazy" /> : <ImageIcon size={Math.round(size / 2.5)} />}
    </span>
  );
}

/** The payment method radio: Pay Online (the default) or Cash on Delivery. */
export function PaymentMethodChoice({
  value,
  onChange,
  labelledBy,
}: {
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
  labelledBy: string;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={styles.methods}>
      {PAYMENT_METHODS.map((method) => {
        const id = `${name}-${method}`;
        const { title, hint } = PAYMENT_METHOD_LABELS[method];
        return (
          <label key={method} className={`${styles.method} ${value === method ? styles.methodChosen : ''}`} htmlFor={id}>
            <input
              id={id}
              type="radio"
              name={name}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              aria-labelledby={`${id}-title`}
              aria-describedby={`${id}-hint`}
            />
            <span className={styles.methodText}>
              <span id={`${id}-title`} className={styles.methodTitle}>
                {title}
              </span>
              <span id={`${id}-hint`} className={styles.methodHint}>
                {hint}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
