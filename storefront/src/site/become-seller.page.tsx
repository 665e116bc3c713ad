import { CART_MESSAGES, SELLER_MESSAGES as M } from '@mandi/domain';
import type { ShowInterestBody } from '@mandi/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useConfirm } from '../ui/confirm-dialog';
import { LeafIcon, ShieldIcon, TruckIcon } from '../ui/icons';
import { Page } from '../ui/page';
import { SHELL_TEXTS } from './messages';
import styles from './marketing.module.css';

const STEPS = [
  {
    title: 'Show your interest',
    text: 'Sign in and press Show Interest. It takes one click and costs nothing.',
  },
  {
    title: 'Get your invitation',
    text: 'Our team reviews your request and e-mails you an invitation with everything you need to start.',
  },
  {
    title: 'List your harvest',
    text: 'Post your produce with photos, price and weight, and start receiving orders from across India.',
  },
] as const;

/** The seller interest page of 001 section 2: marketing, three steps and 'Show Interest' (sign-in required). */
export default function BecomeSellerPage() {
  const { user } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  // There is no call that reads a recorded interest back; a 409 ('already recorded') says the same as a success.
  const [recorded, setRecorded] = useState(false);
  const interest = useMutation({
    mutationFn: (body: ShowInterestBody) => apiFetch('/api/seller/show-interest', { method: 'POST', auth: true, body }),
  });

  const showInterest = async () => {
    if (!user) {
      await confirm({ title: CART_MESSAGES.signInRequired.title, message: SHELL_TEXTS.signInToShowInterest });
      navigate('/signin');
      return;
    }
    try {
      await interest.mutateAsync({ email: user.email ?? '', displayName: user.displayName ?? user.email, uid: user.uid });
      setRecorded(true);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) {
        setRecorded(true);
        return;
      }
      await confirm({ title: 'Error', message: M.interestFailed });
    }
  };

  return (
    <Page title="Become a Seller">
      <section className={styles.banner} aria-labelledby="seller-pitch">
        <h2 id="seller-pitch">Sell your harvest directly to buyers across India.</h2>
        <p>
          Set your own prices, keep more of every sale, and reach households that want fresh produce from the people
          who grow it. Listing on Mandi is free.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="seller-steps">
        <h2 id="seller-steps">Start selling in 3 steps</h2>
        <ol className={styles.grid}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.tile}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="seller-why">
        <h2 id="seller-why">Why farmers choose Mandi</h2>
        <ul className={styles.grid}>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <LeafIcon />
            </span>
            <h3>Your price, your produce</h3>
            <p>You decide what to sell, for how much, and for how long each listing stays up.</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <ShieldIcon />
            </span>
            <h3>Paid on every order</h3>
            <p>Buyers pay online through a trusted provider or in cash on delivery — no chasing payments.</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <TruckIcon />
            </span>
            <h3>Orders, not paperwork</h3>
            <p>Invoices and order tracking are handled for you, so you can spend your time in the field.</p>
          </li>
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="seller-cta">
        <div>
          <h2 id="seller-cta">Ready to grow with Mandi?</h2>
          <p>Tell us you are interested and we will send you an invitation.</p>
        </div>
        <button
          type="button"
          className={`btn ${recorded ? 'btn-outline' : 'btn-accent'}`}
          disabled={recorded || interest.isPending}
          onClick={() => void showInterest()}
        >
          {recorded ? M.interestRecorded : M.showInterest}
        </button>
        <p className={styles.recorded} role="status">
          {recorded && 'Thank you! We will e-mail you an invitation to start selling.'}
        </p>
      </section>
    </Page>
  );
}
