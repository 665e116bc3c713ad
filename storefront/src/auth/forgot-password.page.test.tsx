import { routeKey } from '@mandi/contracts/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../test/render-app';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function requestReset(email = 'asha@mandi.test') {
  const rendered = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return rendered;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('Forgot-password page', () => {
  it("shows the server's message, locks the button for 120 s with the seconds left, and returns to sign in after 5 s", async () => {
    const { calls } = stubApi({
      [routeKey('resetPassword')]: {
        body: { message: 'If an account exists for this email, a reset link is on its way.' },
      },
    });
    const { router } = await requestReset();

    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'If an account exists for this email, a reset link is on its way.',
    );
    expect(screen.getByText('Returning to sign in…')).toBeInTheDocument();
    expect(JSON.parse(String(calls[calls.length - 1]?.init?.body))).toEqual({ email: 'asha@mandi.test' });
    const button = screen.getByRole('button', { name: /Try again in 1[12]\d s/ });
    expect(button).toBeDisabled();

    await advance(2_000);
    expect(screen.getByRole('button', { name: /Try again in 11[78] s/ })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/forgot-password');

    await advance(3_100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('keeps the lockout when the page is opened again within 120 s', async () => {
    stubApi({ [routeKey('resetPassword')]: { body: { message: 'Sent.' } } });
    const first = await requestReset();
    await within(screen.getByRole('main')).findByRole('status');
    first.unmount();

    renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    expect(screen.getByRole('button', { name: /Try again in 1[12]\d s/ })).toBeDisabled();
  });

  it("shows the 429 answer's message and still returns to sign in after 5 s", async () => {
    stubApi({
      [routeKey('resetPassword')]: {
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: 'Please wait 2 minutes before asking again.' },
      },
    });
    const { router } = await requestReset();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 2 minutes before asking again.');
    expect(screen.getByRole('button', { name: /Try again in/ })).toBeDisabled();
    await advance(5_100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it("falls back to 'Something went wrong.Please try again' when the answer has no message", async () => {
    stubApi({ [routeKey('resetPassword')]: { status: 502, body: undefined } });
    await requestReset();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.Please try again');
  });

  it('frees the button after 120 s', async () => {
    stubApi({ [routeKey('resetPassword')]: { status: 500, body: undefined } });
    const { router } = await requestReset();
    await screen.findByRole('alert');
    await advance(5_100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));

    // Back on the page: still locked, until the 120 s are over.
    await act(() => router.navigate('/forgot-password'));
    expect(await screen.findByRole('button', { name: /Try again in 11\d s/ })).toBeDisabled();
    await advance(115_000);
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeDisabled(); // no address typed yet
    await userEvent.type(screen.getByLabelText('Email'), 'asha@mandi.test');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});
