import { routeKey, routeUrl } from '@mandi/contracts/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyer, buyerAnswers, pyaz, savedAddress, tamatar } from '../test/checkout-fixtures';
import { renderApp, stubApi } from '../test/render-app';
import { RAZORPAY_CHECKOUT_URL } from './razorpay-loader';

type Answers = Parameters<typeof stubApi>[0];

const user = userEvent;

const asha = savedAddress(2, 'Asha Patil', { is_default: 1 });

function openPayment(state: Record<string, unknown> | null, answers: Answers = {}) {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('productById', { params: { id: 7 } })]: { body: tamatar },
    ...answers,
  });
  const view = renderApp({ pathname: '/payment-page', state }, { identity: buyer() });
  return { ...api, ...view };
}

const summary = () => screen.findByRole('complementary', { name: 'Payment summary' });
const bodyOf = (calls: ReturnType<typeof stubApi>['calls'], url: string) =>
  JSON.parse(String(calls.find((call) => call.url === url)!.init!.body)) as Record<string, unknown>;

/** A stand-in for Razorpay Checkout (the third-party widget): records its options and lets a test play the buyer. */
function fakeRazorpay() {
  const widgets: {
    options: RazorpayOptions;
    failed?: (response: RazorpayFailureResponse) => void;
    opened: boolean;
    closed: boolean;
  }[] = [];
  class FakeRazorpay {
    private readonly widget: (typeof widgets)[number];
    constructor(options: RazorpayOptions) {
      this.widget = { options, opened: false, closed: false };
      widgets.push(this.widget);
    }
    on(event: string, callback: (response: RazorpayFailureResponse) => void) {
      if (event === 'payment.failed') this.widget.failed = callback;
    }
    open() {
      this.widget.opened = true;
    }
    close() {
      this.widget.closed = true;
    }
  }
  window.Razorpay = FakeRazorpay;
  return widgets;
}

afterEach(() => {
  delete window.Razorpay;
  vi.useRealTimers();
});

describe('payment page', () => {
  it("says 'Missing checkout information.' without the checkout's router state", async () => {
    openPayment(null);
    expect(await screen.findByRole('heading', { name: 'Missing checkout information.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cartpage');
  });

  it('shows the address and prices a 1.2 kg cash-on-delivery order with shipping, handling and grand total', async () => {
    openPayment({ productId: '7', selectedPayment: 'cod', selectedAddress: asha });
    expect(await screen.findByRole('region', { name: 'Delivery Address' })).toHaveTextContent('Asha Patil');
    await userEvent.click(await screen.findByRole('button', { name: 'One more Desi Tamatar' }));

    // 2 x ₹40 = ₹80; 1200 g is charged as 2 kg: 75 + 35 = 110, + 18% handling 19.80 = 129.80.
    const figures = await summary();
    expect(figures).toHaveTextContent('Subtotal (2 items)₹80.00');
    expect(figures).toHaveTextContent('Shipping₹129.80');
    expect(figures).toHaveTextContent('Weight 1.2 kg, charged as 2 kg (Cash on Delivery)');
    expect(figures).toHaveTextContent('Includes ₹19.80 cash-on-delivery handling (18% of ₹110.00)');
    expect(figures).toHaveTextContent('Grand Total₹209.80');
    expect(within(figures).getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('prices the same order online: 2 kg is 30 + 35, the pay button names the grand total', async () => {
    openPayment({ productId: '7', selectedPayment: 'online', selectedAddress: asha });
    await userEvent.click(await screen.findByRole('button', { name: 'One more Desi Tamatar' }));
    const figures = await summary();
    expect(figures).toHaveTextContent('Shipping₹65.00');
    expect(figures).not.toHaveTextContent('handling');
    expect(figures).toHaveTextContent('Grand Total₹145.00');
    expect(within(figures).getByRole('button', { name: 'Pay ₹145.00' })).toBeInTheDocument();
  });

  it('keeps each quantity within 1 to 15', async () => {
    openPayment({ productId: '7', selectedPayment: 'cod', selectedAddress: asha });
    const less = await screen.findByRole('button', { name: 'One less Desi Tamatar' });
    const more = screen.getByRole('button', { name: 'One more Desi Tamatar' });
    expect(less).toBeDisabled();
    for (let step = 0; step < 14; step += 1) await userEvent.click(more);
    expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('15');
    expect(more).toBeDisabled();
    expect(await summary()).toHaveTextContent('Subtotal (15 items)₹600.00');
    await userEvent.click(less);
    expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('14');
  });

  it("adds an official product from '+ Add Product' with quantity 1, and removes lines but never the last", async () => {
    openPayment(
      { selectedPayment: 'online', selectedAddress: asha },
      {
        [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [{ ...tamatar, quantity: 2 }] },
        [routeKey('productById', { params: { id: 'mandi-products' } })]: { body: [tamatar, pyaz] },
      },
    );
    expect(await screen.findByRole('button', { name: 'Remove Desi Tamatar' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '+ Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    expect(await within(dialog).findByRole('button', { name: 'Desi Tamatar is already added' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Nashik Pyaz' }));

    expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument();
    const lines = screen.getByRole('list', { name: 'Items in your order' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Quantity of Nashik Pyaz' })).toHaveTextContent('1');
    // 2 x 40 + 30.50 = 110.50; 2200 g is 3 kg online: 30 + 2 x 35 = 100.
    expect(await summary()).toHaveTextContent('Subtotal (3 items)₹110.50');
    expect(await summary()).toHaveTextContent('Grand Total₹210.50');

    await userEvent.click(screen.getByRole('button', { name: '+ Add Product' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Add Product' })).getByRole('button', {
        name: 'Nashik Pyaz is already added',
      }),
    ).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Desi Tamatar' }));
    expect(within(lines).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove Nashik Pyaz' })).toBeDisabled();
    expect(await summary()).toHaveTextContent('Subtotal (1 item)₹30.50');
  });

  it("shows 'Failed to fetch checkout items.' when the items cannot be loaded", async () => {
    openPayment(
      { selectedPayment: 'cod', selectedAddress: asha },
      {
        [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: {
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
        },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Failed to fetch checkout items.' })).toBeInTheDocument();
  });

  it('places a cash-on-delivery order and goes to /orders/{userId} after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls, router } = openPayment(
      { productId: '7', selectedPayment: 'cod', selectedAddress: asha },
      { [routeKey('placeCodOrder')]: { status: 201, body: { success: true, orderId: '31' } } },
    );
    await user.click(await screen.findByRole('button', { name: 'One more Desi Tamatar' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    const placed = await screen.findByRole('dialog', { name: 'Order placed' });
    expect(placed).toHaveAccessibleDescription('Order #31 is confirmed. Taking you to your orders…');
    expect(bodyOf(calls, routeUrl('placeCodOrder'))).toEqual({
      userId: 5,
      addressId: 2,
      cartItems: [{ productId: '7', productName: 'Desi Tamatar', quantity: 2, price: 40 }],
      billing: { subtotal: 80, shippingCost: 129.8, grandTotal: 209.8 },
    });
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1500));
    expect(router.state.location.pathname).toBe('/payment-page');
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/5'));
  });

  it("says 'Failed to place order.', and shows the server's 409 text and reads the items again", async () => {
    let answer = {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } as Record<string, unknown>,
    };
    const { calls } = openPayment(
      { productId: '7', selectedPayment: 'cod', selectedAddress: asha },
      { [routeKey('placeCodOrder')]: () => answer },
    );
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    const failed = await screen.findByRole('dialog', { name: 'Error' });
    expect(failed).toHaveAccessibleDescription('Failed to place order.');
    await user.click(within(failed).getByRole('button', { name: 'OK' }));

    answer = {
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'Prices or shipping have changed. Please review your order.',
        details: { billing: { subtotal: 45, shippingCost: 88.5, grandTotal: 133.5 } },
      },
    };
    const reads = calls.filter((call) => call.url === routeUrl('productById', { params: { id: 7 } })).length;
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('dialog', { name: 'Please review your order' })).toHaveAccessibleDescription(
      'Prices or shipping have changed. Please review your order.',
    );
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url === routeUrl('productById', { params: { id: 7 } })).length,
      ).toBeGreaterThan(reads),
    );
  });

  it('names each short product and how many are left when the server refuses for stock, and reads the lines again', async () => {
    let stock = 5;
    const { calls } = openPayment(
      { productId: '7', selectedPayment: 'cod', selectedAddress: asha },
      {
        [routeKey('productById', { params: { id: 7 } })]: () => ({ body: { ...tamatar, stock } }),
        [routeKey('placeCodOrder')]: () => {
          stock = 1;
          return {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message: 'Some items do not have enough stock left. Please review your order.',
              details: { items: [{ productId: '7', productName: 'Desi Tamatar', requested: 2, left: 1 }] },
            },
          };
        },
      },
    );
    expect(await screen.findByText('Only 5 left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'One more Desi Tamatar' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    const refusal = await screen.findByRole('dialog', { name: 'Not Enough Stock' });
    expect(refusal).toHaveAccessibleDescription(
      'Some items do not have enough stock left. Please review your order. Desi Tamatar: you asked for 2, only 1 left.',
    );
    expect(within(refusal).getByRole('listitem')).toHaveTextContent('Desi Tamatar: you asked for 2, only 1 left.');
    await user.click(within(refusal).getByRole('button', { name: 'OK' }));

    // The lines were read again: the line says what is left, and the order waits until it is lowered.
    const lines = screen.getByRole('list', { name: 'Items in your order' });
    expect(await within(lines).findByText('Only 1 left')).toBeInTheDocument();
    const place = screen.getByRole('button', { name: 'Place Order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('Only 1 left of Desi Tamatar. Lower the quantity to 1 to check out.');
    expect(screen.getByRole('button', { name: 'One more Desi Tamatar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'One less Desi Tamatar' }));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    expect(calls.filter((call) => call.url === routeUrl('placeCodOrder'))).toHaveLength(1);
  });

  it('says a sold-out line must go before paying, offers no sold-out official product, and pays once it is removed', async () => {
    openPayment(
      { selectedPayment: 'online', selectedAddress: asha },
      {
        [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: {
          body: [
            { ...tamatar, quantity: 1, stock: 0 },
            { ...pyaz, quantity: 2, stock: 3 },
          ],
        },
        [routeKey('productById', { params: { id: 'mandi-products' } })]: {
          body: [
            { ...tamatar, stock: 0 },
            { ...pyaz, stock: 3 },
            {
              id: '11',
              uid: 'uid-admin',
              name: 'Sona Masoori Rice',
              price: 90,
              weight: 1000,
              images: [],
              official_brand: 1,
              stock: 0,
            },
          ],
        },
      },
    );
    const lines = await screen.findByRole('list', { name: 'Items in your order' });
    const [soldOut, low] = within(lines).getAllByRole('listitem');
    expect(soldOut).toHaveTextContent('Sold out');
    expect(low).toHaveTextContent('Only 3 left');
    expect(within(soldOut!).getByRole('button', { name: 'One more Desi Tamatar' })).toBeDisabled();
    const pay = screen.getByRole('button', { name: /^Pay / });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Desi Tamatar is sold out. Remove it to check out.');

    await user.click(screen.getByRole('button', { name: '+ Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    expect(await within(dialog).findByRole('button', { name: 'Sona Masoori Rice is sold out' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Add Sona Masoori Rice' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Remove Desi Tamatar' }));
    // 2 x ₹30.50 and 2 kg online (30 + 35).
    expect(screen.getByRole('button', { name: 'Pay ₹126.00' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'One more Nashik Pyaz' }));
    expect(screen.getByRole('group', { name: 'Quantity of Nashik Pyaz' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'One more Nashik Pyaz' })).toBeDisabled();
  });

  it('loads Razorpay Checkout once with the page, and says the SDK is not loaded when it is not there yet', async () => {
    openPayment({ productId: '7', selectedPayment: 'online', selectedAddress: asha });
    await user.click(await screen.findByRole('button', { name: 'Pay ₹70.00' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Razorpay SDK is not loaded yet. Try again in a moment.',
    );
    expect(document.querySelectorAll(`script[src="${RAZORPAY_CHECKOUT_URL}"]`)).toHaveLength(1);
    // Razorpay's own script, or the sandbox's when the build points there (npm start, npm test).
    expect(RAZORPAY_CHECKOUT_URL).toMatch(/\/v1\/checkout\.js$/);
  });

  it('pays online: creates the order, opens the widget, confirms the payment with its response and goes to the orders', async () => {
    const widgets = fakeRazorpay();
    const { calls, router } = openPayment(
      { productId: '7', selectedPayment: 'online', selectedAddress: asha },
      {
        [routeKey('placeOnlineOrder')]: {
          status: 201,
          body: { order: { id: 'order_Q1', amount: 7000, currency: 'INR' }, key: 'rzp_test_mandi' },
        },
        [routeKey('paymentSuccess')]: { body: { success: true, orderId: '32' } },
      },
    );
    const pay = await screen.findByRole('button', { name: 'Pay ₹70.00' });
    await user.click(pay);

    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(bodyOf(calls, routeUrl('placeOnlineOrder'))).toEqual({
      userId: 5,
      addressId: 2,
      items: [{ productId: '7', productName: 'Desi Tamatar', quantity: 1, price: 40 }],
      amount: 70,
    });
    const [widget] = widgets;
    expect(widget!.opened).toBe(true);
    expect(widget!.options).toMatchObject({
      key: 'rzp_test_mandi',
      amount: 7000,
      currency: 'INR',
      name: 'Mandi',
      description: 'Desi Tamatar',
      order_id: 'order_Q1',
      prefill: { name: 'Asha Patil', contact: '9876543210', email: 'me@mandi.test' },
      theme: { color: '#2E7D32' },
    });
    expect(pay).toBeDisabled(); // no second order while the widget is open

    const response = {
      razorpay_payment_id: 'pay_Q1',
      razorpay_order_id: 'order_Q1',
      razorpay_signature: 'a'.repeat(64),
    };
    await act(async () => {
      await widget!.options.handler(response);
    });
    expect(bodyOf(calls, routeUrl('paymentSuccess'))).toEqual({
      userId: 5,
      addressId: 2,
      items: [{ productId: '7', productName: 'Desi Tamatar', quantity: 1, price: 40 }],
      payment: { ...response, amount: 70 },
      billing: { subtotal: 40, shippingCost: 30, grandTotal: 70 },
    });
    expect(await screen.findByRole('dialog', { name: 'Payment successful' })).toBeInTheDocument();
    // A failure the widget reports late, after the payment went through, changes nothing.
    act(() => widget!.failed!({ error: { code: 'BAD_REQUEST_ERROR' } }));
    expect(screen.queryByRole('dialog', { name: 'Payment Failed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View My Orders' }));
    expect(router.state.location.pathname).toBe('/orders/5');
  });

  it("shows 'Payment Failed' when the widget reports a failed payment, and lets the buyer try again", async () => {
    const widgets = fakeRazorpay();
    openPayment(
      { productId: '7', selectedPayment: 'online', selectedAddress: asha },
      {
        [routeKey('placeOnlineOrder')]: {
          status: 201,
          body: { order: { id: 'order_Q2', amount: 7000, currency: 'INR' }, key: 'rzp_test_mandi' },
        },
      },
    );
    const pay = await screen.findByRole('button', { name: 'Pay ₹70.00' });
    await user.click(pay);
    await waitFor(() => expect(widgets).toHaveLength(1));
    act(() => widgets[0]!.failed!({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } }));
    const popup = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(popup).toHaveAccessibleDescription('Something went wrong, please try again.');
    expect(widgets[0]!.closed).toBe(true);
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(pay).toBeEnabled();
  });

  it("says 'Failed to confirm payment. Try again later.' when the confirmation fails, and 'Payment error' when the order cannot be made", async () => {
    const widgets = fakeRazorpay();
    let orderAnswer: { status: number; body: unknown } = {
      status: 502,
      body: { statusCode: 502, error: 'Bad Gateway', message: 'x' },
    };
    openPayment(
      { productId: '7', selectedPayment: 'online', selectedAddress: asha },
      {
        [routeKey('placeOnlineOrder')]: () => orderAnswer,
        [routeKey('paymentSuccess')]: {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: 'Payment could not be verified.' },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Pay ₹70.00' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveAccessibleDescription('Payment error. Please try again later.');
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(widgets).toHaveLength(0);

    orderAnswer = {
      status: 201,
      body: { order: { id: 'order_Q3', amount: 7000, currency: 'INR' }, key: 'rzp_test_mandi' },
    };
    await user.click(screen.getByRole('button', { name: 'Pay ₹70.00' }));
    await waitFor(() => expect(widgets).toHaveLength(1));
    // Like Razorpay Checkout, nobody waits for the handler: it ends once the buyer has read the message.
    act(
      () =>
        void widgets[0]!.options.handler({
          razorpay_payment_id: 'pay_Q3',
          razorpay_order_id: 'order_Q3',
          razorpay_signature: 'b'.repeat(64),
        }),
    );
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to confirm payment. Try again later.',
    );
  });
});
