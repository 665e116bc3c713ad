import { Trans } from '@lingui/react';
import { REFUND_BUSINESS_DAYS } from '@mandi/domain';
import { Link } from 'react-router-dom';
import { useT, type Translator } from '../i18n/i18n';
import { ORDER_WINDOW_HOURS, PAYMENT_PROVIDER_NAME } from '../orders/order-policy';
import { Page } from '../ui/page';
import { SITE } from './site-info';
import { LegalDocument, proseStyles, type LegalSection } from './legal-sections';

/** The date the terms took effect, a calendar date in India. */
const UPDATED = new Date('2025-04-01T00:00:00+05:30');

const BOLD = { 0: <strong /> };

/** The terms, a catalogue entry per heading, paragraph and list item; the rules' figures come from the domain. */
function termsSections(t: Translator['t']): LegalSection[] {
  const rules = { hours: ORDER_WINDOW_HOURS, days: REFUND_BUSINESS_DAYS, provider: PAYMENT_PROVIDER_NAME };
  return [
    {
      id: 'about',
      title: t('site.terms.about.title'),
      body: (
        <>
          <p>{t('site.terms.about.agreement')}</p>
          <p>{t('site.terms.about.definitions')}</p>
        </>
      ),
    },
    {
      id: 'marketplace',
      title: t('site.terms.marketplace.title'),
      body: (
        <p>
          <Trans id="site.terms.marketplace.text" components={BOLD} />
        </p>
      ),
    },
    {
      id: 'accounts',
      title: t('site.terms.accounts.title'),
      body: (
        <ul>
          <li>{t('site.terms.accounts.age')}</li>
          <li>{t('site.terms.accounts.accurate')}</li>
          <li>{t('site.terms.accounts.consent')}</li>
          <li>{t('site.terms.accounts.suspension')}</li>
          <li>{t('site.terms.accounts.deletion')}</li>
        </ul>
      ),
    },
    {
      id: 'orders',
      title: t('site.terms.orders.title'),
      body: (
        <ul>
          <li>{t('site.terms.orders.prices')}</li>
          <li>{t('site.terms.orders.shipping')}</li>
          <li>{t('site.terms.orders.units')}</li>
          <li>{t('site.terms.orders.acceptance')}</li>
          <li>{t('site.terms.orders.natural')}</li>
        </ul>
      ),
    },
    {
      id: 'payments',
      title: t('site.terms.payments.title'),
      body: (
        <>
          <p>{t('site.terms.payments.methods', rules)}</p>
          <div className={proseStyles.callout}>
            <p>
              <Trans id="site.terms.payments.cards" components={BOLD} />
            </p>
          </div>
          <p>{t('site.terms.payments.cod')}</p>
        </>
      ),
    },
    {
      id: 'cancellation',
      title: t('site.terms.cancellation.title'),
      body: (
        <>
          <p>
            <Trans id="site.terms.cancellation.request" values={rules} components={BOLD} />
          </p>
          <p>{t('site.terms.cancellation.automatic', rules)}</p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: t('site.terms.refunds.title'),
      body: (
        <p>
          <Trans id="site.terms.refunds.text" values={rules} components={{ 0: <strong />, 1: <strong /> }} />
        </p>
      ),
    },
    {
      id: 'returns',
      title: t('site.terms.returns.title'),
      body: (
        <>
          <p>
            <Trans id="site.terms.returns.perishable" components={BOLD} />
          </p>
          <p>{t('site.terms.returns.damaged')}</p>
        </>
      ),
    },
    {
      id: 'sellers',
      title: t('site.terms.sellers.title'),
      body: (
        <ul>
          <li>{t('site.terms.sellers.honest')}</li>
          <li>{t('site.terms.sellers.laws')}</li>
          <li>{t('site.terms.sellers.validity')}</li>
          <li>{t('site.terms.sellers.removal')}</li>
        </ul>
      ),
    },
    {
      id: 'use',
      title: t('site.terms.use.title'),
      body: <p>{t('site.terms.use.text')}</p>,
    },
    {
      id: 'liability',
      title: t('site.terms.liability.title'),
      body: <p>{t('site.terms.liability.text')}</p>,
    },
    {
      id: 'law',
      title: t('site.terms.law.title'),
      body: <p>{t('site.terms.law.text')}</p>,
    },
    {
      id: 'grievances',
      title: t('site.terms.grievances.title'),
      body: (
        <p>
          <Trans
            id="site.terms.grievances.text"
            values={{
              officer: t('site.info.grievanceOfficer'),
              email: SITE.email,
              phone: SITE.phone,
              hours: t('site.info.hours'),
            }}
            components={{ 0: <a href={`mailto:${SITE.email}`} />, 1: <Link to="/contactus" /> }}
          />
        </p>
      ),
    },
    {
      id: 'changes',
      title: t('site.terms.changes.title'),
      body: <p>{t('site.terms.changes.text')}</p>,
    },
  ];
}

/** The static terms page of docs/frontends.md. */
export default function TermsPage() {
  const { t } = useT();
  return (
    <Page title={t('site.terms.title')} width="text" lead={t('site.terms.lead')}>
      <LegalDocument updated={UPDATED} sections={termsSections(t)} />
    </Page>
  );
}
