import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { fakeIdentity, renderApp, stubApi } from '../test/render-app';

const showInterest = () => screen.findByRole('button', { name: 'Show Interest' });

describe('become-seller page', () => {
  it('presents the 3 steps and asks a visitor to sign in before showing interest', async () => {
    const { calls } = stubApi({});
    const { router } = renderApp('/become-seller', { identity: fakeIdentity(null) });
    const steps = await screen.findByRole('region', { name: 'Start selling in 3 steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);

    await userEvent.click(await showInterest());
    const dialog = await screen.findByRole('dialog', { name: 'Sign In Required' });
    expect(dialog).toHaveTextContent('Please sign in to show your interest in selling on Mandi.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/signin');
    expect(calls.some((call) => call.url === routeUrl('showSellerInterest'))).toBe(false);
  });

  it("records the interest with the bearer token and then reads 'Interest Recorded', disabled", async () => {
    const { calls } = stubApi({
      ...buyerAnswers,
      [routeKey('showSellerInterest')]: { status: 201, body: { message: 'ok' } },
    });
    renderApp('/become-seller', { identity: buyer() });
    await userEvent.click(await showInterest());

    const recorded = await screen.findByRole('button', { name: 'Interest Recorded' });
    expect(recorded).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Show Interest' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('We will e-mail you an invitation');
    const post = calls.find((call) => call.url === routeUrl('showSellerInterest'))!;
    expect(JSON.parse(String(post.init!.body))).toEqual({
      email: 'me@mandi.test',
      displayName: 'me@mandi.test',
      uid: 'uid-me',
    });
    expect(new Headers(post.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
  });

  it("reads 'Interest Recorded' when the API says the interest was already recorded (409)", async () => {
    stubApi({
      ...buyerAnswers,
      [routeKey('showSellerInterest')]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Interest already recorded' },
      },
    });
    renderApp('/become-seller', { identity: buyer() });
    await userEvent.click(await showInterest());
    expect(await screen.findByRole('button', { name: 'Interest Recorded' })).toBeDisabled();
  });

  it("says 'Something went wrong. Please try again later.' on failure and lets the user try again", async () => {
    stubApi({
      ...buyerAnswers,
      [routeKey('showSellerInterest')]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
      },
    });
    renderApp('/become-seller', { identity: buyer() });
    await userEvent.click(await showInterest());
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Something went wrong. Please try again later.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await showInterest()).toBeEnabled();
  });
});
