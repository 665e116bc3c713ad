import { routeKey } from '@mandi/contracts/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

// Issue 17: the seller's own profile shows 'Unlisted by Mandi' with the admin's reason under a product an admin
// unlisted (the API sends shop_state to the seller and admins only).

const profile = {
  username: 'kisan_raju',
  profileImage: '/images/avatar-placeholder.svg',
  city: 'Nashik',
  fullname: 'Raju Patil',
  bio: '',
};
const post = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  uid: 'uid-me',
  name,
  price: 60,
  images: [],
  description: 'Fresh.',
  ...extra,
});

describe("the seller's own profile", () => {
  it("notes an unlisted product with the admin's reason, and a product hidden by a suspension, and nothing on the others", async () => {
    stubApi({
      [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
      [routeKey('userProfile', { params: { uid: 'uid-me' } })]: { body: profile },
      [routeKey('productsOfSeller', { params: { uid: 'uid-me' } })]: {
        body: [
          post(1, 'Thompson Grapes', {
            shop_state: {
              status: 'unlisted',
              unlisted_reason: 'Photos show another product.',
              unlisted_at: '2026-11-26T04:30:00.000Z',
            },
          }),
          post(2, 'Red Onions'),
          post(3, 'Kesar Mango', {
            shop_state: { status: 'seller_suspended', unlisted_reason: null, unlisted_at: null },
          }),
        ],
      },
    });
    renderApp('/profilepage', { identity: fakeIdentity(identityUser('uid-me', 'me@mandi.test')) });
    const notes = await screen.findAllByRole('note');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toHaveTextContent('Unlisted by Mandi');
    expect(within(notes[0]!).getByText('Photos show another product.')).toBeInTheDocument();
    expect(notes[1]).toHaveTextContent('Hidden while your account is suspended');
  });
});
