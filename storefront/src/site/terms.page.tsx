import { REFUND_BUSINESS_DAYS } from '@mandi/domain';
import { Link } from 'react-router-dom';
import { ORDER_WINDOW_HOURS, PAYMENT_PROVIDER_NAME } from '../orders/order-policy';
import { Page } from '../ui/page';
import { SITE } from './site-info';
import { LegalDocument, proseStyles, type LegalSection } from './legal-sections';

const sections: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These Terms and Conditions govern your use of the {SITE.name} website and the purchase and sale of farm
          produce through it. By creating an account, placing an order or listing a product you agree to them. If you
          do not agree, please do not use {SITE.name}.
        </p>
        <p>
          In these terms, “{SITE.name}”, “we” and “us” mean {SITE.legalName}; “you” means the person using the
          website; a “seller” is a farmer or business that lists produce on {SITE.name}; and a “buyer” is anyone who
          places an order.
        </p>
      </>
    ),
  },
  {
    id: 'marketplace',
    title: 'Our role as a marketplace',
    body: (
      <p>
        {SITE.name} is an online marketplace that connects buyers with independent farmers and sellers across India.
        Unless a product carries the <strong>Original</strong> badge, it is sold by an independent seller who is
        responsible for its quality, description, quantity and lawful sale. Products with the Original badge are sold
        by {SITE.name} itself.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 18 years old, or use the website under the supervision of a parent or guardian.</li>
        <li>
          You must give accurate information, verify your e-mail address, and keep your password confidential. You are
          responsible for everything done through your account.
        </li>
        <li>
          When you sign up we record that you accepted these terms, the version you accepted, the time and the IP
          address used, as evidence of your consent.
        </li>
        <li>
          We may suspend an account that breaks these terms, misuses the marketplace or puts other users at risk. A
          suspended account cannot sign in until the suspension is lifted.
        </li>
        <li>You can delete your account at any time from the account menu.</li>
      </ul>
    ),
  },
  {
    id: 'orders',
    title: 'Orders, prices and delivery',
    body: (
      <ul>
        <li>All prices are in Indian Rupees (₹) and include any taxes that apply to the product.</li>
        <li>
          Shipping charges depend on the total weight of your order and on the payment method, and are shown before
          you pay. The total you see at checkout is the amount you are charged.
        </li>
        <li>You may order between 1 and 15 units of each product in one order.</li>
        <li>
          An order is a request to buy. It is accepted when it is confirmed; until then we or the seller may decline
          it, for example when produce is no longer available.
        </li>
        <li>
          Produce is natural: size, colour and weight may vary slightly from the photographs, within the quantity
          ordered.
        </li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <>
        <p>
          You can pay online or choose cash on delivery where it is offered. Online payments go through our online
          payment provider, {PAYMENT_PROVIDER_NAME}, a regulated payment aggregator, over an encrypted connection.
        </p>
        <div className={proseStyles.callout}>
          <p>
            <strong>{SITE.name} never sees or stores your card details.</strong> Card numbers, CVV, UPI PINs and
            net-banking passwords are entered on the payment provider’s secure page and are handled only by the
            provider. We keep only the payment reference, amount and status needed to match the payment to your
            order.
          </p>
        </div>
        <p>
          Cash on delivery orders carry a handling charge, shown at checkout, and must be paid in full to the delivery
          partner when the order arrives.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation',
    body: (
      <>
        <p>
          You may request cancellation of an order <strong>within {ORDER_WINDOW_HOURS} hours of placing it</strong>, as
          long as it has not yet been confirmed, from the order’s page, giving a short reason. After{' '}
          {ORDER_WINDOW_HOURS} hours, or once the order has been confirmed, it can no longer be cancelled.
        </p>
        <p>
          An order that is not confirmed within {ORDER_WINDOW_HOURS} hours of being placed is cancelled automatically. We may also cancel
          an order when the produce is unavailable, the delivery address cannot be served, or the payment cannot be
          verified; we will tell you when this happens.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <p>
        When a paid order is cancelled, the full amount you paid is refunded to the <strong>original payment
        method</strong>. Refunds are initiated promptly and usually reach your account within{' '}
        <strong>{REFUND_BUSINESS_DAYS} business days</strong>, depending on your bank or card issuer. Cash on delivery orders that are
        cancelled before delivery have nothing to refund.
      </p>
    ),
  },
  {
    id: 'returns',
    title: 'No returns after delivery',
    body: (
      <>
        <p>
          Fresh produce is perishable and cannot be resold once it has left the seller’s care. For that reason{' '}
          <strong>products cannot be returned, and are not refundable, once they have been delivered.</strong> Please
          check your order when it arrives.
        </p>
        <p>
          If an order arrives damaged, spoiled or different from what you ordered, contact us within 24 hours of
          delivery with your order number and photographs, and we will take it up with the seller. This does not limit
          any right you have under the Consumer Protection Act, 2019.
        </p>
      </>
    ),
  },
  {
    id: 'sellers',
    title: 'Selling on Mandi',
    body: (
      <ul>
        <li>
          Sellers must list only produce they are entitled to sell, describe it honestly, and keep the price, weight,
          images and validity date accurate.
        </li>
        <li>
          Sellers are responsible for complying with the laws that apply to them, including food safety (FSSAI)
          registration and tax obligations.
        </li>
        <li>A product stays listed until its validity date; expired listings cannot be bought.</li>
        <li>We may remove any listing that breaks these terms or the law.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <p>
        You agree not to misuse {SITE.name}: no false listings or orders, no attempts to get around our payment or
        security systems, no harvesting of other users’ data, and no content that is unlawful, misleading or
        offensive.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        We work to keep {SITE.name} available and accurate, but we do not guarantee that it will always be
        uninterrupted or free of errors. To the extent the law allows, our liability for any order is limited to the
        amount you paid for it. Nothing in these terms excludes liability that cannot be excluded under Indian law.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of India. Subject to your rights as a consumer, disputes are subject to
        the courts of Bengaluru, Karnataka.
      </p>
    ),
  },
  {
    id: 'grievances',
    title: 'Grievances and contact',
    body: (
      <p>
        In line with the Consumer Protection (E-Commerce) Rules, 2020, you can reach our {SITE.grievanceOfficer} at{' '}
        <a href={`mailto:${SITE.email}`}>{SITE.email}</a> or {SITE.phone} ({SITE.hours}). We acknowledge complaints
        within 48 hours and aim to resolve them within one month. You can also write to us through our{' '}
        <Link to="/contactus">contact page</Link>.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time. The version in force is always published on this page with its
        date; changes apply to orders placed after they are published.
      </p>
    ),
  },
];

/** The static terms page of 001 section 2. */
export default function TermsPage() {
  return (
    <Page
      title="Terms and Conditions"
      width="text"
      lead="The rules for buying and selling on Mandi, including payments, cancellation, refunds and returns."
    >
      <LegalDocument updated="1 April 2025" sections={sections} />
    </Page>
  );
}
