import { PAYMENT_METHODS, SHIPPING_RATES, type PaymentMethod } from '@mandi/domain';
import { useId } from 'react';
import { useT, type Translator } from '../i18n/i18n';
import { ImageIcon } from '../ui/icons';
import panels from '../ui/panels.module.css';
import styles from './checkout-parts.module.css';

/**
 * How each payment method reads on the checkout (docs/payments.md: 'Pay Online or Cash on Delivery'), in the visitor's
 * language; the method sent to the API stays 'online' or 'cod'.
 */
export function paymentMethodLabels(t: Translator['t']): Record<PaymentMethod, { title: string; hint: string }> {
  return {
    online: { title: t('checkout.method.online.title'), hint: t('checkout.method.online.hint') },
    cod: {
      title: t('checkout.method.cod.title'),
      hint: t('checkout.method.cod.hint', { percent: SHIPPING_RATES.cod.handlingPercent }),
    },
  };
}

/** The two steps of checking out, the current one marked. */
export function CheckoutSteps({ current }: { current: 1 | 2 }) {
  const { t } = useT();
  const steps = [t('checkout.steps.address'), t('checkout.steps.review')];
  return (
    <ol className={styles.steps} aria-label={t('checkout.steps.label')}>
      {steps.map((label, index) => (
        <li
          key={label}
          className={index + 1 === current ? styles.stepCurrent : index + 1 < current ? styles.stepDone : undefined}
          aria-current={index + 1 === current ? 'step' : undefined}
        >
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
      {src ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" />
      ) : (
        <ImageIcon size={Math.round(size / 2.5)} />
      )}
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
  const { t } = useT();
  const labels = paymentMethodLabels(t);
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={styles.methods}>
      {PAYMENT_METHODS.map((method) => {
        const id = `${name}-${method}`;
        const { title, hint } = labels[method];
        return (
          <label
            key={method}
            className={`${styles.method} ${value === method ? styles.methodChosen : ''}`}
            htmlFor={id}
          >
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
