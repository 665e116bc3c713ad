import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { orderItem, orderSummary } from '../test/order-fixtures';
import { fakeIdentity, renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

function openOrders(path: string, answers: Answers) {
  const api = stubApi({ ...buyerAnswers, ...answers });
  return { ...api, ...renderApp(path, { identity: buyer() }) };
}

const tamatar = orderItem(1, 'Desi Tamatar', 40, 2, ['/files/tamatar.webp']);
const pyaz = orderItem(2, 'Nashik Pyaz', 30.5, 1);
const aloo = orderItem(3, 'Agra Aloo', 25, 4);

describe('My Orders', () => {
  it("shows cards newest first with the first item, number, India date, status, amount, '+N more' and 'View Order'", async () => {
    const { calls, router } = openOrders('/orders/5', {
      [routeKey('ordersOfUser', { params: { userId: 5 } })]: {
        body: [
          orderSummary(1041, '2026-03-04T04:00:00.000Z', [aloo], { status: 'delivered' }),
          // 19:30 UTC is already 5 March in India.
          orderSummary(1042, '2026-03-04T19:30:00.000Z', [tamatar, pyaz, aloo], { status: 'cancel_requested' }),
        ],
      },
    });

    const list = await screen.findByRole('list', { name: 'Your orders' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Order #1042', 'Order #1041']);

    const newest = screen.getByRole('article', { name: 'Order #1042' });
    expect(newest).toHaveTextContent('Placed on 5 Mar 2026');
    expect(newest).toHaveTextContent('Cancellation Requested');
    expect(newest).toHaveTextContent('Desi Tamatar');
    expect(newest.querySelector('img')).toHaveAttribute('src', '/files/tamatar.webp');
    expect(newest).toHaveTextContent('+2 more products');
    const others = within(newest).getByRole('list', { name: 'Other products in Order #1042' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nashik Pyaz × 1', 'Agra Aloo × 4']);
    // 2 x 40 + 30.50 + 4 x 25: the lines' value (the list answer carries no total).
    expect(newest).toHaveTextContent('Items total ₹210.50');

    const older = screen.getByRole('article', { name: 'Order #1041' });
    expect(older).toHaveTextContent('Delivered');
    expect(older).not.toHaveTextContent('more product');
    expect(older.querySelector('img')).toBeNull();

    const headers = new Headers(
      calls.find((call) => call.url === routeUrl('ordersOfUser', { params: { userId: 5 } }))!.init!.headers,
    );
    expect(headers.get('Authorization')).toBe('Bearer token-of-uid-me');

    await userEvent.click(within(newest).getByRole('link', { name: 'View Order' }));
    expect(router.state.location.pathname).toBe('/order/1042');
  });

  it("says '+1 more product' for a single extra line and shows the order total when the answer has one", async () => {
    openOrders('/orders/5', {
      [routeKey('ordersOfUser', { params: { userId: 5 } })]: {
        body: [{ ...orderSummary(7, '2026-03-04T04:00:00.000Z', [tamatar, pyaz]), total_amount: 240.3 }],
      },
    });
    const card = await screen.findByRole('article', { name: 'Order #7' });
    expect(card).toHaveTextContent('+1 more product');
    expect(card).not.toHaveTextContent('more products');
    expect(card).toHaveTextContent('Total ₹240.30');
  });

  it("shows 'No orders yet' with a way to the shop when there are none", async () => {
    openOrders('/orders/5', { [routeKey('ordersOfUser', { params: { userId: 5 } })]: { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });

  it('shows a designed error with Try again when the list cannot be loaded, and loads it on retry', async () => {
    let fail = true;
    openOrders('/orders/5', {
      [routeKey('ordersOfUser', { params: { userId: 5 } })]: () =>
        fail ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } } : { body: [] },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your orders");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  it("shows someone else's list as not yours, with a link to one's own orders", async () => {
    openOrders('/orders/9', {
      [routeKey('ordersOfUser', { params: { userId: 5 } })]: { body: [] },
      [routeKey('ordersOfUser', { params: { userId: 9 } })]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Not allowed' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'These orders are not yours' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See my orders' }));
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  it('takes the own Firebase uid in the address (the Orders link before the user id is known) to /orders/{userId}', async () => {
    const { router } = openOrders('/orders/uid-me', {
      [routeKey('ordersOfUser', { params: { userId: 5 } })]: {
        body: [orderSummary(3, '2026-03-04T04:00:00.000Z', [tamatar])],
      },
      [routeKey('ordersOfUser', { params: { userId: 'uid-me' } })]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Not allowed' },
      },
    });
    expect(await screen.findByRole('article', { name: 'Order #3' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/5');
  });

  it("treats the API's 403 as not yours when the own user id is unknown", async () => {
    stubApi({
      [routeKey('getUserId')]: { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } },
      [routeKey('ordersOfUser', { params: { userId: 9 } })]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Not allowed' },
      },
    });
    renderApp('/orders/9', { identity: buyer() });
    expect(await screen.findByRole('heading', { name: 'These orders are not yours' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in', async () => {
    stubApi({});
    renderApp('/orders/5', { identity: fakeIdentity(null) });
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to view your orders.')).toBeInTheDocument();
  });
});
