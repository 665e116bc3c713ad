import { routeKey } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

const me = () => fakeIdentity(identityUser('uid-me', 'me@mandi.test'));
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

function openCart(answers: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } }, ...answers });
  return { ...api, ...renderApp('/cartpage', { identity: me() }) };
}

describe('cart page', () => {
  it('lists the lines with their seller and shows the total of price x quantity', async () => {
    const { router } = openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: {
        body: [line(1, 'Desi Tamatar', 40, 3), line(2, 'Nashik Pyaz', 150.5, 1)],
      },
    });
    const items = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(within(items).getAllByRole('link', { name: /kisan_ramesh/ })[0]).toHaveAttribute(
      'href',
      '/seller/uid-seller',
    );
    expect(screen.getByRole('complementary', { name: 'Order summary' })).toHaveTextContent('₹270.50');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(router.state.location.pathname).toBe('/product-checkout');
  });

  it('changes a quantity with the setCartQuantity route, within 1 to 15', async () => {
    const { calls } = openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [line(1, 'Desi Tamatar', 40, 1)] },
      [routeKey('setCartQuantity')]: { body: { message: 'Quantity updated.' } },
    });
    const less = await screen.findByRole('button', { name: 'One less Desi Tamatar' });
    expect(less).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'One more Desi Tamatar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('2'));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(String(put.init!.body))).toEqual({ uid: 'uid-me', productId: '1', quantity: 2 });
    expect(screen.getByRole('complementary', { name: 'Order summary' })).toHaveTextContent('₹80.00');
  });

  it("says 'Failed to update item quantity.' when the change fails, and keeps the quantity", async () => {
    openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [line(1, 'Desi Tamatar', 40, 2)] },
      [routeKey('setCartQuantity')]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'One more Desi Tamatar' }));
    expect(await screen.findByText('Failed to update item quantity.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('2');
  });

  it("removes a line after 'Remove Item?', and shows 'No items in your cart.' when it was the last", async () => {
    let removed = false;
    const { calls } = openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: () => ({
        body: removed ? [] : [line(1, 'Desi Tamatar', 40, 1)],
      }),
      [routeKey('removeFromCart')]: () => {
        removed = true;
        return { body: { message: 'Item removed from cart.' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Desi Tamatar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove Item?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('No items in your cart.')).toBeInTheDocument();
    const del = calls.find((call) => call.method === 'DELETE')!;
    expect(JSON.parse(String(del.init!.body))).toEqual({ uid: 'uid-me', productId: '1' });
  });

  it("says 'Failed to remove item from cart.' when the removal fails, and deletes nothing when cancelled", async () => {
    const { calls } = openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [line(1, 'Desi Tamatar', 40, 1)] },
      [routeKey('removeFromCart')]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Desi Tamatar' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Desi Tamatar' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove item from cart.')).toBeInTheDocument();
  });

  it("says 'Only 3 left' on a low line and never steps above it", async () => {
    openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [line(1, 'Desi Tamatar', 40, 2, 3)] },
      [routeKey('setCartQuantity')]: { body: { message: 'Quantity updated.' } },
    });
    const items = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(within(items).getByText('Only 3 left')).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'One more Desi Tamatar' });
    await userEvent.click(more);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('3'));
    expect(more).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });

  it('marks a sold-out line and keeps Proceed to Checkout closed, saying why, until it is removed', async () => {
    let removed = false;
    const { router } = openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: () => ({
        body: removed
          ? [line(1, 'Desi Tamatar', 40, 2, 3)]
          : [line(1, 'Desi Tamatar', 40, 2, 3), line(2, 'Nashik Pyaz', 30, 1, 0)],
      }),
      [routeKey('removeFromCart')]: () => {
        removed = true;
        return { body: { message: 'Item removed from cart.' } };
      },
    });
    const items = await screen.findByRole('list', { name: 'Items in your cart' });
    const soldOut = within(items).getAllByRole('listitem')[1]!;
    expect(soldOut).toHaveClass('soldOut');
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
    expect(within(soldOut).getByText('Remove it to check out.')).toBeInTheDocument();
    expect(within(soldOut).queryByRole('group', { name: 'Quantity of Nashik Pyaz' })).not.toBeInTheDocument();

    const proceed = screen.getByRole('button', { name: 'Proceed to Checkout' });
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription('Nashik Pyaz is sold out. Remove it to check out.');
    await userEvent.click(proceed);
    expect(router.state.location.pathname).toBe('/cartpage');

    await userEvent.click(within(soldOut).getByRole('button', { name: 'Remove Nashik Pyaz' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled());
    expect(screen.queryByText('Nashik Pyaz is sold out. Remove it to check out.')).not.toBeInTheDocument();
  });

  it('keeps the cart from checking out while a line asks for more than is left, until it is lowered', async () => {
    openCart({
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: { body: [line(1, 'Desi Tamatar', 40, 9, 7)] },
      [routeKey('setCartQuantity')]: { body: { message: 'Quantity updated.' } },
    });
    const proceed = await screen.findByRole('button', { name: 'Proceed to Checkout' });
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription('Only 7 left of Desi Tamatar. Lower the quantity to 7 to check out.');
    expect(screen.getByRole('list', { name: 'Items in your cart' })).toHaveTextContent('Only 7 left');
    expect(screen.getByRole('button', { name: 'One more Desi Tamatar' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'One less Desi Tamatar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toHaveTextContent('8'));
    expect(proceed).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'One less Desi Tamatar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled());
    expect(screen.getByRole('list', { name: 'Items in your cart' })).not.toHaveTextContent('left');
  });
});
