// The hosted payment page of a Payment Link (what Razorpay serves at the link's short_url): amount, description and
// two plain form buttons, no script, so it works in any browser and under any policy.
import { DELIVERY_MODES } from './webhooks.mjs';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** @param {unknown} text */
function escape(text) {
  /** @type {Record<string, string>} */
  const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return String(text ?? '').replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

const styles = `
  body { margin: 0; padding: 16px; background: #f1f5f9; color: #1f2933; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
  main { max-width: 380px; margin: 16px auto; padding: 20px; background: #fff; border-radius: 10px; box-shadow: 0 4px 20px rgba(0,0,0,.12); }
  h1 { font-size: 18px; margin: 0 0 4px; }
  .muted { color: #52606d; margin: 0 0 12px; }
  .badge { display: inline-block; margin: 0 0 12px; padding: 4px 8px; border-radius: 4px; background: #fff4e5; color: #8a4b00; font-size: 13px; }
  .amount { font-size: 28px; font-weight: 700; margin: 0 0 16px; }
  label { display: block; margin-bottom: 8px; font-size: 14px; }
  button { display: block; width: 100%; padding: 12px 16px; margin-top: 10px; border-radius: 6px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid transparent; }
  .pay { background: #0b5cad; color: #fff; }
  .fail { background: #fff; color: #b42318; border-color: #b42318; }
  .error { color: #b42318; }
`;

/**
 * The page around `content`.
 * @param {string} title
 * @param {string} content
 */
function layout(title, content) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

/**
 * The page of `link`. `failedPaymentId` is set after a failed attempt: the page says so and offers another try, and
 * a way back to the merchant (the return URL with status `failed`, which a merchant treats as not paid).
 * @param {any} link a payment link entity
 * @param {{ lateMs: number, failedPaymentId?: string | null }} options
 */
export function paymentPage(link, { lateMs, failedPaymentId }) {
  const amount = rupees.format(link.amount / 100);
  const header = `<h1>${escape(link.customer?.name ? `Payment request for ${link.customer.name}` : 'Payment request')}</h1>
<p class="muted">${escape(link.description)}</p>
<p class="badge">Test mode: local Razorpay sandbox, no money moves</p>
<p class="amount">${escape(amount)}</p>`;
  if (link.status !== 'created') {
    return layout('Payment link', `${header}\n<p role="status">This payment link is ${escape(link.status)}.</p>`);
  }
  const base = `/pay/${encodeURIComponent(link.id)}`;
  /** @type {Record<string, string>} */
  const labels = {
    now: 'now',
    twice: 'twice',
    late: `late (${lateMs % 1000 === 0 ? lateMs / 1000 : (lateMs / 1000).toFixed(1)} s)`,
    never: 'never',
  };
  const options = DELIVERY_MODES.map((mode) => `<option value="${mode}">${escape(labels[mode])}</option>`).join('');
  const failure = failedPaymentId
    ? `<p role="alert" class="error">Payment failed (${escape(failedPaymentId)}). You can try again.</p>
${link.callback_url ? `<p><a href="${escape(returnUrl(link, { status: 'failed' }))}">Return to the merchant without paying</a></p>` : ''}`
    : '';
  return layout(
    `Pay ${amount}`,
    `${header}
${failure}
<form method="post" action="${base}/pay">
<label>Webhook delivery <select name="delivery">${options}</select></label>
<label><input type="checkbox" name="failed_after_success" value="1"> Also send payment.failed after success</label>
<button class="pay" type="submit">Pay ${escape(amount)}</button>
<button class="fail" type="submit" formaction="${base}/fail">Fail payment</button>
</form>`,
  );
}

/** The page of an unknown link. */
export function missingLinkPage() {
  return layout(
    'Payment link not found',
    '<h1>Payment link not found</h1><p class="muted">No payment link of this sandbox has this id.</p>',
  );
}

/**
 * The page shown after paying a link that has no callback URL.
 * @param {any} link a payment link entity
 * @param {string} paymentId
 */
export function paidPage(link, paymentId) {
  return layout(
    'Payment successful',
    `<h1>Payment successful</h1>
<p class="muted">${escape(link.description)}</p>
<p role="status">Paid ${escape(rupees.format(link.amount / 100))}, payment ${escape(paymentId)}.</p>`,
  );
}

/**
 * The link's callback URL with Razorpay's query parameters added (any query it already has is kept).
 * @param {any} link
 * @param {{ status: string, paymentId?: string, signature?: string }} fields
 */
export function returnUrl(link, { status, paymentId, signature }) {
  const url = new URL(link.callback_url);
  if (paymentId) url.searchParams.set('razorpay_payment_id', paymentId);
  url.searchParams.set('razorpay_payment_link_id', link.id);
  url.searchParams.set('razorpay_payment_link_reference_id', link.reference_id ?? '');
  url.searchParams.set('razorpay_payment_link_status', status);
  if (signature) url.searchParams.set('razorpay_signature', signature);
  return url.toString();
}
