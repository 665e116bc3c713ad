import { REFUND_BUSINESS_DAYS } from '@mandi/domain';
import { Link } from 'react-router-dom';
import { ORDER_WINDOW_HOURS, PAYMENT_PROVIDER_NAME } from '../orders/order-policy';
import { Page } from '../ui/page';
import { SITE } from './site-info';
import { LegalDocument, proseStyles, type LegalSection } from './legal-sections';

const sections: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this covers',
    body: (
      <p>
        This policy explains how {SITE.legalName} (“{SITE.name}”, “we”) collects, uses and protects personal data when
        you use the {SITE.name} marketplace. We process personal data in line with the Digital Personal Data
        Protection Act, 2023 and the Information Technology Act, 2000 and the rules made under them.
      </p>
    ),
  },
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your username, e-mail address, and, if you add them, your full name, city, bio
          and profile photo. If you sign in with Google we receive your name, e-mail address and photo from Google.
        </li>
        <li>
          <strong>Consent record:</strong> when you sign up we store that you accepted our terms, the terms version,
          the time and your IP address.
        </li>
        <li>
          <strong>Orders:</strong> delivery addresses and mobile numbers you save, the products you order, and the
          status, payment method and invoices of your orders.
        </li>
        <li>
          <strong>Selling:</strong> the products you list, their images, and the phone number and e-mail address you
          choose to show to buyers.
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact form or when you show interest in selling.
        </li>
        <li>
          <strong>Usage:</strong> basic information about how the website is used (pages visited, device and browser
          type), collected through an analytics service to improve the marketplace.
        </li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments and card details',
    body: (
      <div className={proseStyles.callout}>
        <p>
          Online payments go through our online payment provider, {PAYMENT_PROVIDER_NAME}.{' '}
          <strong>We do not collect or store card numbers,
          CVV, UPI PINs or banking passwords</strong> — you enter them on the provider’s secure page. We receive and
          keep only the payment reference, amount and status, so we can confirm your order and process refunds.
        </p>
      </div>
    ),
  },
  {
    id: 'use',
    title: 'How we use your data',
    body: (
      <ul>
        <li>to create and secure your account and keep you signed in;</li>
        <li>to take, deliver, invoice and support your orders, including cancellations and refunds;</li>
        <li>to show your listings to buyers and your public profile to visitors;</li>
        <li>to answer your messages and send you service e-mails about your account and orders;</li>
        <li>to detect fraud and abuse, and to meet our legal, tax and accounting obligations.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal data. We share only what each party needs:</p>
        <ul>
          <li>the seller of your order and the delivery partner receive your name, delivery address and mobile number;</li>
          <li>
            our payment provider, {PAYMENT_PROVIDER_NAME}, receives the order amount and reference needed to process
            your payment;
          </li>
          <li>our identity provider handles sign-in, e-mail verification and password resets;</li>
          <li>authorities, when Indian law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'orders',
    title: 'Cancellations, refunds and returns',
    body: (
      <p>
        Orders can be cancelled within {ORDER_WINDOW_HOURS} hours of being placed. Refunds go back to the original
        payment method and usually arrive within {REFUND_BUSINESS_DAYS} business days. Because produce is perishable,
        there are no returns after delivery.
        The full rules are in our <Link to="/terms-and-conditions">Terms and Conditions</Link>.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Storage and security',
    body: (
      <p>
        Your data is stored on servers in secure data centres and travels over encrypted (HTTPS) connections.
        Passwords are handled by our identity provider and are never stored by {SITE.name}. Access to personal data
        inside {SITE.name} is limited to the people who need it to run the marketplace.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account data while your account exists. When you delete your account, we remove your profile
        and sign-in data; order, invoice and payment records are kept for as long as Indian tax and accounting laws
        require, and then deleted.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You may access and correct your data from your profile, withdraw consent, and erase your account at any time
        with Delete Account in the account menu. For any other request, or to nominate someone to exercise your rights,
        contact us as shown below.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use your browser’s storage to keep you signed in and to remember your cart and preferences. The analytics
        service may set cookies to count visits. You can clear them in your browser at any time; you will then need to
        sign in again.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        {SITE.name} is meant for adults. We do not knowingly collect data from children under 18 without the consent
        of a parent or guardian.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Grievance officer and contact',
    body: (
      <p>
        Questions or complaints about your data can be sent to our {SITE.grievanceOfficer} at{' '}
        <a href={`mailto:${SITE.email}`}>{SITE.email}</a>, by phone on {SITE.phone}, or by post to{' '}
        {SITE.address.join(', ')}. You can also use our <Link to="/contactus">contact page</Link>.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will publish any change to this policy on this page with a new date, and tell you by e-mail when a change
        materially affects how we use your data.
      </p>
    ),
  },
];

/** The static privacy page of 001 section 2. */
export default function PrivacyPage() {
  return (
    <Page title="Privacy Policy" width="text" lead="What we collect, why we collect it, and the choices you have.">
      <LegalDocument updated="1 April 2025" sections={sections} />
    </Page>
  );
}
