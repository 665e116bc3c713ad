import type { ShowInterestBody } from '@mandi/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { LeafIcon, ShieldIcon, TruckIcon } from '../ui/icons';
import { Page } from '../ui/page';
import styles from './marketing.module.css';

/** The seller interest page of docs/accounts.md: marketing, three steps and 'Show Interest' (sign-in required). */
export default function BecomeSellerPage() {
  const { t } = useT();
  // A press while a saved session is being restored waits for it (knownUser), never reads it as signed out.
  const { knownUser } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  // There is no call that reads a recorded interest back; a 409 ('already recorded') says the same as a success.
  const [recorded, setRecorded] = useState(false);
  const interest = useMutation({
    mutationFn: (body: ShowInterestBody) => api('showSellerInterest', { auth: true, body }),
  });

  const showInterest = async () => {
    const user = await knownUser();
    if (!user) {
      await confirm({
        title: t('site.becomeSeller.signInRequired.title'),
        message: t('site.becomeSeller.signInRequired.text'),
      });
      navigate('/signin');
      return;
    }
    try {
      await interest.mutateAsync({
        email: user.email ?? '',
        displayName: user.displayName ?? user.email,
        uid: user.uid,
      });
      setRecorded(true);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) {
        setRecorded(true);
        return;
      }
      await confirm({ title: t('site.becomeSeller.failed.title'), message: t('site.becomeSeller.failed.text') });
    }
  };

  const steps = [
    { title: t('site.becomeSeller.step.interest.title'), text: t('site.becomeSeller.step.interest.text') },
    { title: t('site.becomeSeller.step.invitation.title'), text: t('site.becomeSeller.step.invitation.text') },
    { title: t('site.becomeSeller.step.list.title'), text: t('site.becomeSeller.step.list.text') },
  ];

  return (
    <Page title={t('site.becomeSeller.title')}>
      <section className={styles.banner} aria-labelledby="seller-pitch">
        <h2 id="seller-pitch">{t('site.becomeSeller.pitch.title')}</h2>
        <p>{t('site.becomeSeller.pitch.text')}</p>
      </section>

      <section className={styles.section} aria-labelledby="seller-steps">
        <h2 id="seller-steps">{t('site.becomeSeller.steps.title', { count: steps.length })}</h2>
        <ol className={styles.grid}>
          {steps.map((step, index) => (
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
        <h2 id="seller-why">{t('site.becomeSeller.why.title')}</h2>
        <ul className={styles.grid}>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <LeafIcon />
            </span>
            <h3>{t('site.becomeSeller.why.price.title')}</h3>
            <p>{t('site.becomeSeller.why.price.text')}</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <ShieldIcon />
            </span>
            <h3>{t('site.becomeSeller.why.paid.title')}</h3>
            <p>{t('site.becomeSeller.why.paid.text')}</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <TruckIcon />
            </span>
            <h3>{t('site.becomeSeller.why.orders.title')}</h3>
            <p>{t('site.becomeSeller.why.orders.text')}</p>
          </li>
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="seller-cta">
        <div>
          <h2 id="seller-cta">{t('site.becomeSeller.cta.title')}</h2>
          <p>{t('site.becomeSeller.cta.text')}</p>
        </div>
        <button
          type="button"
          className={`btn ${recorded ? 'btn-outline' : 'btn-accent'}`}
          disabled={recorded || interest.isPending}
          onClick={() => void showInterest()}
        >
          {recorded ? t('site.becomeSeller.interestRecorded') : t('site.becomeSeller.showInterest')}
        </button>
        <p className={styles.recorded} role="status">
          {recorded && t('site.becomeSeller.thanks')}
        </p>
      </section>
    </Page>
  );
}
