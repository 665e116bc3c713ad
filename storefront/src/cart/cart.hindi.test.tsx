import { routeKey } from '@mandi/contracts/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

const line = (id: number, name: string, price: number, quantity: number, stock: number | null = null) => ({
  id: String(id),
  stock,
  uid: 'uid-seller',
  name,
  price,
  quantity,
  images: [],
  seller: { username: 'kisan_ramesh', profileImage: '/images/avatar-placeholder.svg', city: 'Nashik' },
});

describe('cart page in Hindi', () => {
  it('speaks Hindi around the sellers’ own product names, with hi-IN rupees', async () => {
    stubApi({
      [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: {
        body: [line(1, 'Desi Tamatar', 41152.5, 3), line(2, 'Nashik Pyaz', 30, 1, 0)],
      },
    });
    renderApp('/cartpage', { identity: fakeIdentity(identityUser('uid-me', 'me@mandi.test')), language: 'hi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'आपका कार्ट' })).toBeInTheDocument();
    const items = await screen.findByRole('list', { name: 'आपके कार्ट का सामान' });
    expect(within(items).getByRole('link', { name: 'Desi Tamatar' })).toBeInTheDocument();
    expect(within(items).getByText('चेकआउट के लिए इसे हटाएँ।')).toBeInTheDocument();

    const summary = screen.getByRole('complementary', { name: 'ऑर्डर का सारांश' });
    expect(summary).toHaveTextContent('कुल₹1,23,487.50');
    expect(summary).toHaveTextContent('डिलीवरी शुल्क चेकआउट पर जुड़ेगा।');
    expect(within(summary).getByRole('button', { name: 'चेकआउट पर जाएँ' })).toBeDisabled();

    await userEvent.click(within(items).getByRole('button', { name: 'Nashik Pyaz हटाएँ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'सामान हटाएँ?' });
    expect(dialog).toHaveTextContent('क्या आप सच में यह सामान अपने कार्ट से हटाना चाहते हैं?');
    expect(within(dialog).getByRole('button', { name: 'हटाएँ' })).toBeInTheDocument();
  });

  it('says an empty cart in Hindi', async () => {
    stubApi({
      [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [] },
    });
    renderApp('/cartpage', { identity: fakeIdentity(identityUser('uid-me', 'me@mandi.test')), language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'आपके कार्ट में कोई सामान नहीं है।' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ताज़ी उपज देखें' })).toHaveAttribute('href', '/');
  });
});
