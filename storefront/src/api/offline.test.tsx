import { routeUrl } from '@mandi/contracts/client';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../test/i18n';
import { ConfirmProvider } from '../ui/confirm-dialog';
import { ApiError, OfflineError, api, setTokenSource } from './api-fetch';
import { useOfflineNotice, type NetworkAction } from './use-offline-notice';

/** Makes the browser report the device online or offline, firing the event the page listens to. */
function setDeviceOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => setTokenSource(async () => null));
afterEach(() => setTokenSource(async () => null));

describe('api and the service worker', () => {
  it('asks for the server’s answer of now on a checkout page, and lets other reads be answered from what was seen', async () => {
    const fetch = vi.fn(async () => Response.json({ id: '7', price: 40 }));
    vi.stubGlobal('fetch', fetch);
    const cacheControl = () =>
      new Headers((fetch.mock.calls.at(-1) as unknown as [string, RequestInit])[1].headers).get('Cache-Control');

    window.history.pushState(null, '', '/product/7');
    await api('productById', { params: { id: 7 } });
    expect(cacheControl()).toBeNull();
    await api('productById', { params: { id: 7 }, fresh: true });
    expect(cacheControl()).toBe('no-cache');

    window.history.pushState(null, '', '/product-checkout/7');
    await api('productById', { params: { id: 7 } });
    expect(cacheControl()).toBe('no-cache');
    window.history.pushState(null, '', '/payment-page');
    await api('productById', { params: { id: 'mandi-products' } });
    expect(cacheControl()).toBe('no-cache');
    window.history.pushState(null, '', '/');
  });
});

describe('api without a connection', () => {
  it('does not send a change while the device is offline, and says it was not sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setDeviceOnline(false);

    const failure = api('addToCart', { body: { uid: 'uid-1', productId: '7' } }).catch((error: unknown) => error);

    await expect(failure).resolves.toBeInstanceOf(OfflineError);
    await expect(failure).resolves.toMatchObject({
      method: 'POST',
      path: routeUrl('addToCart'),
      mayHaveArrived: false,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still sends a read while offline, because the service worker may answer it from the pages already seen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([{ id: '7' }])),
    );
    setDeviceOnline(false);

    await expect(api('productById', { params: { id: 7 } })).resolves.toEqual([{ id: '7' }]);
  });

  it('turns a change whose connection broke into an OfflineError that may have reached the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const failure = api('setAccountLanguage', { body: { language: 'hi' } }).catch((error: unknown) => error);

    await expect(failure).resolves.toMatchObject({ name: 'OfflineError', mayHaveArrived: true });
  });

  it('turns a read that found no connection into an OfflineError, and keeps a cancelled call and an answer as they were', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('productById', { params: { id: 7 } })).rejects.toMatchObject({
      name: 'OfflineError',
      mayHaveArrived: false,
    });

    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(aborted)),
    );
    await expect(api('productById', { params: { id: 7 } })).rejects.toBe(aborted);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ statusCode: 409, error: 'Conflict', message: 'Product already in cart.' }, { status: 409 }),
      ),
    );
    await expect(api('addToCart', { body: { uid: 'uid-1', productId: '7' } })).rejects.toBeInstanceOf(ApiError);
  });

  it("fails with an OfflineError, unsent, when the signed-in user's token cannot be refreshed for want of a network", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setTokenSource(async () =>
      Promise.reject(
        Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), {
          code: 'auth/network-request-failed',
        }),
      ),
    );

    await expect(api('cartOfUser', { params: { uid: 'uid-1' }, auth: true })).rejects.toMatchObject({
      name: 'OfflineError',
      mayHaveArrived: false,
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});

function Action({ error, action }: { error: unknown; action?: NetworkAction }) {
  const explainOffline = useOfflineNotice();
  return (
    <button
      type="button"
      onClick={() => void explainOffline(error, action).then((shown) => (document.title = String(shown)))}
    >
      Try
    </button>
  );
}

function renderAction(error: unknown, action?: NetworkAction, language: 'en' | 'hi' = 'en') {
  renderInLanguage(
    <ConfirmProvider>
      <Action error={error} action={action} />
    </ConfirmProvider>,
    language,
  );
}

describe('useOfflineNotice', () => {
  it('tells the buyer that adding to the cart needs the internet when nothing was sent', async () => {
    renderAction(new OfflineError('POST', routeUrl('addToCart'), false), 'addToCart');
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));

    const popup = await screen.findByRole('dialog');
    expect(popup).toHaveTextContent('You are offline');
    expect(popup).toHaveTextContent(
      'Adding to your cart needs an internet connection. Please try again when you are back online.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(document.title).toBe('true');
  });

  it('does not claim an order was not placed when the connection broke after it was sent', async () => {
    renderAction(new OfflineError('POST', routeUrl('placeCodOrder'), true), 'placeOrder');
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));

    const popup = await screen.findByRole('dialog');
    expect(popup).toHaveTextContent('Connection lost');
    expect(popup).toHaveTextContent('we cannot tell whether your order was placed');
    expect(popup).toHaveTextContent('check My Orders before you try again');
  });

  it('speaks Hindi to a Hindi reader', async () => {
    renderAction(
      new OfflineError('PUT', routeUrl('updateUserProfile', { params: { uid: 'u1' } }), false),
      undefined,
      'hi',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('इसके लिए इंटरनेट चाहिए। ऑनलाइन होने पर फिर से कोशिश करें।');
  });

  it('leaves any other failure to the screen, showing nothing', async () => {
    renderAction(
      new ApiError(409, 'Conflict', 'Product already in cart.', null, 'Product already in cart.'),
      'addToCart',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try' }));

    await vi.waitFor(() => expect(document.title).toBe('false'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
