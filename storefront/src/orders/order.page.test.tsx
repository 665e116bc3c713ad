import { routeKey, routeUrl } from '@mandi/contracts/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { orderDetail } from '../test/order-fixtures';
import { renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function openOrder(orderId: number, answers: Answers) {
  const api = stubApi({ ...buyerAnswers, ...answers });
  return { ...api, ...renderApp(`/order/${orderId}`, { identity: buyer() }) };
}

const summary = () => screen.findByRole('complementary', { name: 'Summary' });
const cancelButton = () => screen.findByRole('button', { name: /^(Cancel Order|Cancellation Requested)$/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('order details', () => {
  it('shows date, number, status, items, address, Cash on Delivery / Unpaid and the summary', async () => {
    openOrder(1042, {
      [routeKey('orderDetails', { params: { orderId: 1042 } })]: {
        body: orderDetail(1042, '2026-03-04T19:30:00.000Z'),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    const status = await screen.findByRole('region', { name: 'Order status' });
    expect(status).toHaveTextContent('Placed on 5 Mar 2026, 1:00 am');
    expect(within(status).getByRole('list', { name: 'Order progress' })).toHaveTextContent('Pending');

    const items = within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Desi TamatarQty 2 × ₹40.00₹80.00');
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/files/tamatar.webp');
    expect(items[1]).toHaveTextContent('Nashik PyazQty 1 × ₹30.50₹30.50');

    const address = screen.getByRole('region', { name: 'Shipping Address' });
    expect(address).toHaveTextContent('Asha Patil');
    expect(address).toHaveTextContent('Nashik, Nashik, Maharashtra – 422005');
    expect(address).toHaveTextContent('Mobile: +91 9876543210');

    const figures = await summary();
    expect(figures).toHaveTextContent('Payment methodCash on Delivery');
    expect(figures).toHaveTextContent('Payment statusUnpaid');
    expect(figures).toHaveTextContent('Subtotal₹110.50');
    expect(figures).toHaveTextContent('Shipping₹129.80');
    expect(figures).toHaveTextContent('Total₹240.30');
    expect(screen.queryByRole('button', { name: 'Download Invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Credit Note' })).not.toBeInTheDocument();
  });

  it.each([
    ['payment_status paid', { payment_status: 'paid' as const }],
    ["the payment's status success", { payment: { payment_method: 'online' as const, status: 'success' } }],
    ["Razorpay's captured", { payment: { payment_method: 'online' as const, status: 'captured' } }],
  ])('counts %s as Paid', async (_name, change) => {
    openOrder(8, {
      [routeKey('orderDetails', { params: { orderId: 8 } })]: {
        body: orderDetail(8, hoursAgo(1), { status: 'confirmed', ...change }),
      },
    });
    expect(await summary()).toHaveTextContent('Payment statusPaid');
  });

  it('names an online payment Online', async () => {
    openOrder(8, {
      [routeKey('orderDetails', { params: { orderId: 8 } })]: {
        body: orderDetail(8, hoursAgo(1), { payment: { payment_method: 'online', status: 'created' } }),
      },
    });
    expect(await summary()).toHaveTextContent('Payment methodOnline');
    expect(await summary()).toHaveTextContent('Payment statusUnpaid');
  });

  it('downloads the invoice with the bearer token under the Content-Disposition name', async () => {
    const { fetchStub } = openOrder(9, {
      [routeKey('orderDetails', { params: { orderId: 9 } })]: {
        body: orderDetail(9, hoursAgo(1), {
          status: 'confirmed',
          payment_status: 'paid',
          invoice: { invoice_id: '31', number: 'INV/26-27/000031' },
        }),
      },
    });
    const downloads: { init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== routeUrl('downloadInvoice', { params: { invoiceId: 31 } })) return fetchStub(input, init);
      downloads.push({ init });
      return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="INV-26-27-000031.pdf"',
        },
      });
    });
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Download Invoice' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('INV-26-27-000031.pdf');
    expect(saved[0]!.href).toMatch(/^blob:/);
    expect(new Headers(downloads[0]!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
  });

  it('names a credit note invoice-{id}.pdf when the answer gives no name', async () => {
    const { fetchStub } = openOrder(9, {
      [routeKey('orderDetails', { params: { orderId: 9 } })]: {
        body: orderDetail(9, hoursAgo(9), {
          status: 'cancelled',
          invoice: { invoice_id: '31' },
          creditNote: { invoice_id: '32' },
        }),
      },
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === routeUrl('downloadInvoice', { params: { invoiceId: 32 } })
        ? new Response(new Blob(['%PDF-1.7']))
        : fetchStub(input, init),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });

    expect(await screen.findByRole('button', { name: 'Download Invoice' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download Credit Note' }));
    await vi.waitFor(() => expect(names).toEqual(['invoice-32.pdf']));
  });

  it("alerts 'Error downloading invoice PDF.' when the download fails", async () => {
    openOrder(9, {
      [routeKey('orderDetails', { params: { orderId: 9 } })]: {
        body: orderDetail(9, hoursAgo(1), { invoice: { invoice_id: '31' } }),
      },
      [routeKey('downloadInvoice', { params: { invoiceId: 31 } })]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await userEvent.click(await screen.findByRole('button', { name: 'Download Invoice' }));
    const alert = await screen.findByRole('dialog', { name: 'Download Failed' });
    expect(alert).toHaveTextContent('Error downloading invoice PDF.');
    expect(click).not.toHaveBeenCalled();
  });

  it("requires a reason, sends it trimmed, then shows 'Cancellation Requested' disabled", async () => {
    const { calls } = openOrder(12, {
      [routeKey('orderDetails', { params: { orderId: 12 } })]: { body: orderDetail(12, hoursAgo(1)) },
      [routeKey('requestCancellation', { params: { orderId: 12 } })]: { body: { message: 'Cancellation requested' } },
    });
    const button = await cancelButton();
    expect(button).toBeEnabled();
    await userEvent.click(button);

    const modal = screen.getByRole('dialog', { name: 'Cancel Order' });
    const reason = within(modal).getByRole('textbox', { name: 'Reason for cancellation' });
    expect(reason).toHaveFocus();
    await userEvent.type(reason, '   ');
    await userEvent.click(within(modal).getByRole('button', { name: 'Submit Request' }));
    const missing = await screen.findByRole('dialog', { name: 'Missing Reason' });
    expect(missing).toHaveTextContent('Please provide a reason for cancellation.');
    await userEvent.click(within(missing).getByRole('button', { name: 'OK' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(reason, 'Ordered twice by mistake  ');
    await userEvent.click(within(modal).getByRole('button', { name: 'Submit Request' }));

    const requested = await screen.findByRole('button', { name: 'Cancellation Requested' });
    expect(requested).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order status' })).toHaveTextContent('Cancellation Requested');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(routeUrl('requestCancellation', { params: { orderId: 12 } }));
    expect(JSON.parse(String(put.init!.body))).toEqual({ reason: 'Ordered twice by mistake' });
    expect(new Headers(put.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
  });

  it("shows the server's refusal, else 'Error submitting cancellation request'", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'The 8-hour window for this order has closed.' },
    };
    openOrder(12, {
      [routeKey('orderDetails', { params: { orderId: 12 } })]: { body: orderDetail(12, hoursAgo(1)) },
      [routeKey('requestCancellation', { params: { orderId: 12 } })]: () => answer,
    });
    await userEvent.click(await cancelButton());
    const modal = screen.getByRole('dialog', { name: 'Cancel Order' });
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Reason for cancellation' }), 'Too late?');
    await userEvent.click(within(modal).getByRole('button', { name: 'Submit Request' }));
    const refused = await screen.findByRole('dialog', { name: 'Cancellation Failed' });
    expect(refused).toHaveTextContent('The 8-hour window for this order has closed.');
    await userEvent.click(within(refused).getByRole('button', { name: 'OK' }));

    answer = { status: 500 };
    await userEvent.click(within(modal).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('dialog', { name: 'Cancellation Failed' })).toHaveTextContent(
      'Error submitting cancellation request',
    );
  });

  it('keeps Cancel Order disabled outside the 8-hour window and for an order no longer pending', async () => {
    openOrder(13, {
      [routeKey('orderDetails', { params: { orderId: 13 } })]: { body: orderDetail(13, hoursAgo(8.01)) },
    });
    expect(await cancelButton()).toBeDisabled();
    expect(screen.getByText(/this order's window has closed/)).toBeInTheDocument();
  });

  it('keeps Cancel Order disabled for a confirmed order inside the window', async () => {
    openOrder(14, {
      [routeKey('orderDetails', { params: { orderId: 14 } })]: {
        body: orderDetail(14, hoursAgo(1), { status: 'confirmed' }),
      },
    });
    expect(await cancelButton()).toBeDisabled();
    expect(screen.getByText('A confirmed order can no longer be cancelled.')).toBeInTheDocument();
  });

  it('rechecks every minute: the button turns disabled when the window closes while the page is open', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-05T06:00:00.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    // Created 7 h 59 m 30 s ago: 30 seconds of the window left.
    const createdAt = new Date(Date.now() - 8 * HOUR + 30_000).toISOString();
    openOrder(15, { [routeKey('orderDetails', { params: { orderId: 15 } })]: { body: orderDetail(15, createdAt) } });
    const button = await cancelButton();
    expect(button).toBeEnabled();
    expect(screen.getByText('You can cancel until 5 Mar 2026, 11:30 am.')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60_000));
    expect(button).toBeDisabled();
  });

  it("shows 'Order not found.' for an unknown order", async () => {
    openOrder(404, {
      [routeKey('orderDetails', { params: { orderId: 404 } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Order not found.' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Order not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my orders' })).toHaveAttribute('href', '/orders/5');
  });

  it('shows a designed error when the order cannot be loaded', async () => {
    openOrder(16, {
      [routeKey('orderDetails', { params: { orderId: 16 } })]: {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Down' },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this order");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
