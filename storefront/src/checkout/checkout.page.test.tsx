import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer, buyerAnswers, pyaz, savedAddress, tamatar } from '../test/checkout-fixtures';
import { renderApp, stubApi } from '../test/render-app';

function openCheckout(path: string, answers: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('productById', { params: { id: 7 } })]: { body: tamatar },
    ...answers,
  });
  return { ...api, ...renderApp(path, { identity: buyer() }) };
}

const deliveryAddress = () => screen.findByRole('region', { name: 'Delivery Address' });

describe('checkout step 1', () => {
  it('shows the default address, pays online by default, and continues to /payment-page with the choices', async () => {
    const ravi = savedAddress(1, 'Ravi Kumar');
    const asha = savedAddress(2, 'Asha Patil', { is_default: 1, area_or_street_or_village: 'Gangapur Road' });
    const { router } = openCheckout('/product-checkout/7', {
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: [ravi, asha] },
    });

    const section = await deliveryAddress();
    expect(await within(section).findByText('Asha Patil')).toBeInTheDocument();
    expect(section).toHaveTextContent('Flat 4, Shanti Apartments, Gangapur Road, near the bus stand');
    expect(section).toHaveTextContent('Nashik, Maharashtra – 422005');
    expect(section).toHaveTextContent('Mobile: +91 9876543210');
    expect(section).not.toHaveTextContent('Ravi Kumar');

    // The order preview: what is checked out and its subtotal.
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(await within(summary).findByText('Desi Tamatar')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Subtotal₹40.00');

    expect(screen.getByRole('radio', { name: 'Pay Online' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(router.state.location.pathname).toBe('/payment-page');
    expect(router.state.location.state).toEqual({ productId: '7', selectedPayment: 'cod', selectedAddress: asha });
  });

  it('continues the whole cart without a productId, paying online', async () => {
    const asha = savedAddress(2, 'Asha Patil', { is_default: 1 });
    const { router } = openCheckout('/product-checkout', {
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: [asha] },
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: {
        body: [
          { ...tamatar, quantity: 3 },
          { ...pyaz, quantity: 1 },
        ],
      },
    });
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(await within(summary).findByText('Nashik Pyaz')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Subtotal₹150.50');
    await within(await deliveryAddress()).findByText('Asha Patil');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.state).toEqual({
      productId: undefined,
      selectedPayment: 'online',
      selectedAddress: asha,
    });
  });

  it("says 'Select Address' when there is no delivery address, and stays", async () => {
    const { router } = openCheckout('/product-checkout/7', {
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: [] },
    });
    expect(await screen.findByText('No delivery address yet. Add one to continue.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const popup = await screen.findByRole('dialog', { name: 'Select Address' });
    expect(popup).toHaveAccessibleDescription('Please select a delivery address to continue.');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/product-checkout/7');
  });

  it("changes the delivery address in 'Change Delivery Address' and makes it the default", async () => {
    let defaultId = '2';
    const book = () => [
      savedAddress(1, 'Ravi Kumar', { is_default: defaultId === '1' ? 1 : 0 }),
      savedAddress(2, 'Asha Patil', { is_default: defaultId === '2' ? 1 : 0 }),
    ];
    const { calls, router } = openCheckout('/product-checkout/7', {
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: () => ({ body: book() }),
      [routeKey('setDefaultAddress', { params: { id: 1 } })]: () => {
        defaultId = '1';
        return { body: { message: 'Default address updated.' } };
      },
    });
    await within(await deliveryAddress()).findByText('Asha Patil');

    await userEvent.click(screen.getByRole('button', { name: 'Select Address' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Delivery Address' });
    const chosen = within(dialog).getByRole('radio', { name: /^Asha Patil/ });
    expect(chosen).toBeChecked();
    expect(chosen).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Ravi Kumar/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Address' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change Delivery Address' })).not.toBeInTheDocument(),
    );
    expect(
      calls.some((call) => call.method === 'PUT' && call.url === routeUrl('setDefaultAddress', { params: { id: 1 } })),
    ).toBe(true);
    expect(await deliveryAddress()).toHaveTextContent('Ravi Kumar');
    expect(screen.getByRole('button', { name: 'Select Address' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((router.state.location.state as { selectedAddress: { id: string } }).selectedAddress.id).toBe('1');
  });

  it('deletes an address after a confirmation, and says so when it cannot', async () => {
    let deleted = false;
    const { calls } = openCheckout('/product-checkout/7', {
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: () => ({
        body: deleted
          ? [savedAddress(2, 'Asha Patil', { is_default: 1 })]
          : [savedAddress(1, 'Ravi Kumar'), savedAddress(2, 'Asha Patil', { is_default: 1 })],
      }),
      [routeKey('deleteAddress', { params: { id: 1 } })]: () => {
        deleted = true;
        return { status: 204 };
      },
      [routeKey('deleteAddress', { params: { id: 2 } })]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
      },
    });
    await within(await deliveryAddress()).findByText('Asha Patil');
    await userEvent.click(screen.getByRole('button', { name: 'Select Address' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Delivery Address' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete address of Ravi Kumar' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Address?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete address of Ravi Kumar' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Address?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(within(dialog).queryByText('Ravi Kumar')).not.toBeInTheDocument());
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete address of Asha Patil' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not delete the address. Please try again.',
    );

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Change Delivery Address' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch checkout items.' when the items cannot be loaded", async () => {
    openCheckout('/product-checkout', {
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: [] },
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
      },
    });
    expect(await screen.findByText('Failed to fetch checkout items.')).toBeInTheDocument();
  });

  it("says 'Only 2 left' in the order preview and continues", async () => {
    openCheckout('/product-checkout/7', {
      [routeKey('productById', { params: { id: 7 } })]: { body: { ...tamatar, stock: 2 } },
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: {
        body: [savedAddress(2, 'Asha Patil', { is_default: 1 })],
      },
    });
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(await within(summary).findByText('Only 2 left')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('keeps Buy Now of a sold-out product from continuing, and says so', async () => {
    const { router } = openCheckout('/product-checkout/7', {
      [routeKey('productById', { params: { id: 7 } })]: { body: { ...tamatar, stock: 0 } },
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: {
        body: [savedAddress(2, 'Asha Patil', { is_default: 1 })],
      },
    });
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(await within(summary).findByText('Sold out')).toBeInTheDocument();
    const next = within(summary).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('This product is sold out, so it cannot be bought right now.');
    expect(within(summary).getByRole('link', { name: 'Browse other products' })).toHaveAttribute('href', '/');
    await userEvent.click(next);
    expect(router.state.location.pathname).toBe('/product-checkout/7');
  });

  it('keeps a cart with a sold-out line from continuing, and sends the buyer back to the cart', async () => {
    openCheckout('/product-checkout', {
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: {
        body: [savedAddress(2, 'Asha Patil', { is_default: 1 })],
      },
      [routeKey('cartOfUser', { params: { uid: 'uid-me' } })]: {
        body: [
          { ...tamatar, quantity: 3, stock: 2 },
          { ...pyaz, quantity: 1, stock: 0 },
        ],
      },
    });
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    const next = await within(summary).findByRole('button', { name: 'Continue' });
    await waitFor(() => expect(next).toBeDisabled());
    const items = within(summary).getByRole('list', { name: 'Items to check out' });
    expect(items).toHaveTextContent('Desi Tamatar3 × ₹40.00Only 2 left');
    expect(items).toHaveTextContent('Nashik Pyaz1 × ₹30.50Sold out');
    const why = next.getAttribute('aria-describedby')!;
    expect(
      within(document.getElementById(why)!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Only 2 left of Desi Tamatar. Lower the quantity to 2 to check out.',
      'Nashik Pyaz is sold out. Remove it to check out.',
    ]);
    expect(within(summary).getByRole('link', { name: 'Change your cart' })).toHaveAttribute('href', '/cartpage');
  });

  it('asks a visitor to sign in', async () => {
    stubApi({});
    renderApp('/product-checkout/7');
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
  });
});
