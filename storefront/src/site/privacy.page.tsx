import { Trans } from '@lingui/react';
import { REFUND_BUSINESS_DAYS } from '@mandi/domain';
import { Link } from 'react-router-dom';
import { useT, type Translator } from '../i18n/i18n';
import { ORDER_WINDOW_HOURS, PAYMENT_PROVIDER_NAME } from '../orders/order-policy';
import { Page } from '../ui/page';
import { SITE, siteAddress } from './site-info';
import { LegalDocument, proseStyles, type LegalSection } from './legal-sections';

/** The date the policy took effect, a calendar date in India. */
const UPDATED = new Date('2025-04-01T00:00:00+05:30');

const BOLD = { 0: <strong /> };

/** The policy, a catalogue entry per heading, paragraph and list item; the rules' figures come from the domain. */
function privacySections(t: Translator['t']): LegalSection[] {
  const provider = { provider: PAYMENT_PROVIDER_NAME };
  return [
    {
      id: 'scope',
      title: t('site.privacy.scope.title'),
      body: <p>{t('site.privacy.scope.text')}</p>,
    },
    {
      id: 'collect',
      title: t('site.privacy.collect.title'),
      body: (
        <ul>
          <li>
            <Trans id="site.privacy.collect.account" components={BOLD} />
          </li>
          <li>
            <Trans id="site.privacy.collect.consent" components={BOLD} />
          </li>
          <li>
            <Trans id="site.privacy.collect.orders" components={BOLD} />
          </li>
          <li>
            <Trans id="site.privacy.collect.selling" components={BOLD} />
          </li>
          <li>
            <Trans id="site.privacy.collect.messages" components={BOLD} />
          </li>
          <li>
            <Trans id="site.privacy.collect.usage" components={BOLD} />
          </li>
        </ul>
      ),
    },
    {
      id: 'payments',
      title: t('site.privacy.payments.title'),
      body: (
        <div className={proseStyles.callout}>
          <p>
            <Trans id="site.privacy.payments.text" values={provider} components={BOLD} />
          </p>
        </div>
      ),
    },
    {
      id: 'use',
      title: t('site.privacy.use.title'),
      body: (
        <ul>
          <li>{t('site.privacy.use.account')}</li>
          <li>{t('site.privacy.use.orders')}</li>
          <li>{t('site.privacy.use.listings')}</li>
          <li>{t('site.privacy.use.messages')}</li>
          <li>{t('site.privacy.use.fraud')}</li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: t('site.privacy.sharing.title'),
      body: (
        <>
          <p>{t('site.privacy.sharing.lead')}</p>
          <ul>
            <li>{t('site.privacy.sharing.delivery')}</li>
            <li>{t('site.privacy.sharing.payments', provider)}</li>
            <li>{t('site.privacy.sharing.identity')}</li>
            <li>{t('site.privacy.sharing.authorities')}</li>
          </ul>
        </>
      ),
    },
    {
      id: 'orders',
      title: t('site.privacy.orders.title'),
      body: (
        <p>
          <Trans
            id="site.privacy.orders.text"
            values={{ hours: ORDER_WINDOW_HOURS, days: REFUND_BUSINESS_DAYS }}
            components={{ 0: <Link to="/terms-and-conditions" /> }}
          />
        </p>
      ),
    },
    {
      id: 'security',
      title: t('site.privacy.security.title'),
      body: <p>{t('site.privacy.security.text')}</p>,
    },
    {
      id: 'retention',
      title: t('site.privacy.retention.title'),
      body: <p>{t('site.privacy.retention.text')}</p>,
    },
    {
      id: 'rights',
      title: t('site.privacy.rights.title'),
      body: <p>{t('site.privacy.rights.text')}</p>,
    },
    {
      id: 'cookies',
      title: t('site.privacy.cookies.title'),
      body: <p>{t('site.privacy.cookies.text')}</p>,
    },
    {
      id: 'children',
      title: t('site.privacy.children.title'),
      body: <p>{t('site.privacy.children.text')}</p>,
    },
    {
      id: 'contact',
      title: t('site.privacy.contact.title'),
      body: (
        <p>
          <Trans
            id="site.privacy.contact.text"
            values={{
              officer: t('site.info.grievanceOfficer'),
              email: SITE.email,
              phone: SITE.phone,
              address: siteAddress(t).join(', '),
            }}
            components={{ 0: <a href={`mailto:${SITE.email}`} />, 1: <Link to="/contactus" /> }}
          />
        </p>
      ),
    },
    {
      id: 'changes',
      title: t('site.privacy.changes.title'),
      body: <p>{t('site.privacy.changes.text')}</p>,
    },
  ];
}

/** The static privacy page of docs/frontends.md. */
export default function PrivacyPage() {
  const { t } = useT();
  return (
    <Page title={t('site.privacy.title')} width="text" lead={t('site.privacy.lead')}>
      <LegalDocument updated={UPDATED} sections={privacySections(t)} />
    </Page>
  );
}
