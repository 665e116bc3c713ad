import { routeKey, routeUrl } from '@mandi/contracts/client';
import type { SellerDashboard, SellerOrder, Shipment } from '@mandi/contracts';
import { SELLER_PROFILE_MESSAGES, SHIPMENT_MESSAGES } from '@mandi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer as signedIn, buyerAnswers } from '../test/checkout-fixtures';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';
import { handedOverTo, packedAt, shipment } from '../test/shipment-fixtures';

type Answers = Parameters<typeof stubApi>[0];
type Calls = ReturnType<typeof stubApi>['calls'];

const dashboard = (uid = 'uid-me'): SellerDashboard => ({
  seller: { uid, username: 'ravi_farms' },
  sales: {
    today: { amount: 0, orders: 0, packs: 0 },
    last_7_days: { amount: 0, orders: 0, packs: 0 },
    last_30_days: { amount: 0, orders: 0, packs: 0 },
  },
  counted_statuses: ['pending', 'confirmed', 'shipped', 'delivered'],
  products: [],
});

/** An order of the seller's with one line, confirmed unless `change` says otherwise, its part to pack. */
function order(id: number, change: Partial<SellerOrder> = {}, part: Partial<Shipment> = {}): SellerOrder {
  return {
    order_id: String(id),
    created_at: '2026-03-04T19:30:00.000Z',
    status: 'confirmed',
    district: 'Nashik',
    pincode: '422001',
    buyer: null,
    lines: [
      {
        order_item_id: `${id}1`,
        product_id: '7',
        name: 'Desi Tamatar',
        image: null,
        quantity: 2,
        price: 40,
        amount: 80,
      },
    ],
    amount: 80,
    packs: 2,
    window_closes_at: '2026-03-05T03:30:00.000Z',
    window_left_ms: 0,
    shipment: shipment(`7${id}`, id, part),
    ...change,
  };
}

const ordersKey = (uid: string) =>
  routeKey('sellerOrders', { params: { uid }, query: { status: 'all', period: 'all', page: 1 } });
const page = (orders: SellerOrder[]) => ({ orders, total: orders.length, page: 1, per_page: 20 });
const packUrl = (shipmentId: string) => routeUrl('packShipment', { params: { uid: 'uid-me', shipmentId } });
const handOverUrl = (shipmentId: string) => routeUrl('handOverShipment', { params: { uid: 'uid-me', shipmentId } });

const refusal = (status: number, message: string, fields?: Record<string, string>) => ({
  status,
  body: {
    statusCode: status,
    error: { 400: 'Bad Request', 403: 'Forbidden', 409: 'Conflict' }[status] ?? 'Error',
    message,
    ...(fields ? { fields } : {}),
  },
});

/**
 * The signed-in seller's dashboard with `orders` on its list. The list is read from `orders` at each call, so a test
 * changes it to what the server would answer after a move.
 */
function openDashboard(orders: { current: SellerOrder[] }, answers: Answers = {}) {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard() },
    [ordersKey('uid-me')]: () => ({ body: page(orders.current) }),
    ...answers,
  });
  return { ...api, ...renderApp('/seller-dashboard', { identity: signedIn() }) };
}

const card = (id: number) => screen.findByRole('article', { name: `Order #${id}` });
const part = async (id: number) => within(await card(id)).getByRole('group', { name: 'Your shipment' });
const orderReads = (calls: Calls) => calls.filter((call) => call.route === 'sellerOrders').length;
const sent = (calls: Calls, url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

describe('the seller’s part of each order', () => {
  it('shows the part’s state on each card, and the next move only on a confirmed order', async () => {
    openDashboard({
      current: [
        order(1, { status: 'pending' }),
        order(2),
        order(3, {}, packedAt()),
        order(4, { status: 'shipped' }, handedOverTo('India Post', 'EK123456789IN')),
        order(5, { status: 'shipped' }, handedOverTo(null)),
        order(6, { status: 'cancelled' }, { status: 'cancelled' }),
      ],
    });

    const waiting = await part(1);
    expect(waiting).toHaveTextContent('Your shipmentTo pack');
    expect(waiting).toHaveTextContent('You can pack it once the order is confirmed.');
    expect(within(waiting).queryByRole('button')).not.toBeInTheDocument();

    const toPack = await part(2);
    expect(toPack).toHaveTextContent('To pack');
    const pack = within(toPack).getByRole('button', { name: 'Mark as packed' });
    expect(pack).toHaveAccessibleDescription('Order #2');

    const packed = await part(3);
    expect(packed).toHaveTextContent('Packed');
    expect(
      within(packed)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Hand over']);

    const couriered = await part(4);
    expect(couriered).toHaveTextContent('Handed over to India Post · EK123456789IN');
    expect(within(couriered).queryByRole('button')).not.toBeInTheDocument();

    const delivered = await part(5);
    expect(delivered).toHaveTextContent('Delivered by you');
    expect(within(delivered).queryByRole('button')).not.toBeInTheDocument();

    const cancelled = await part(6);
    expect(cancelled).toHaveTextContent('Your shipmentCancelled');
    expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();
  });

  it('marks a part packed with the seller’s token, reads the orders again and keeps the focus for the hand-over', async () => {
    const orders = { current: [order(1041)] };
    const { calls } = openDashboard(orders, {
      [`POST ${packUrl('71041')}`]: () => {
        orders.current = [order(1041, {}, packedAt())];
        return { body: orders.current[0]!.shipment };
      },
    });
    const region = await part(1041);
    const reads = orderReads(calls);
    await userEvent.click(within(region).getByRole('button', { name: 'Mark as packed' }));

    expect(await within(region).findByRole('status')).toHaveTextContent('Marked as packed.');
    expect(region).toHaveTextContent('Packed');
    const next = within(region).getByRole('button', { name: 'Hand over' });
    expect(next).toHaveFocus();
    const [post] = sent(calls, packUrl('71041'));
    expect(post!.init!.body ?? null).toBeNull();
    expect(new Headers(post!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
    await waitFor(() => expect(orderReads(calls)).toBe(reads + 1));
  });

  it('hands a packed part over to a courier with its tracking number, sent without spaces', async () => {
    const orders = { current: [order(1041, {}, packedAt())] };
    const { calls } = openDashboard(orders, {
      [`POST ${handOverUrl('71041')}`]: () => {
        orders.current = [order(1041, { status: 'shipped' }, handedOverTo('India Post', 'EK123456789IN'))];
        return { body: orders.current[0]!.shipment };
      },
    });
    const region = await part(1041);
    const reads = orderReads(calls);
    await userEvent.click(within(region).getByRole('button', { name: 'Hand over' }));

    const dialog = screen.getByRole('dialog', { name: 'Hand over Order #1041' });
    const carrier = within(dialog).getByRole('combobox', { name: 'Carrier' });
    expect(carrier).toHaveFocus();
    await userEvent.type(carrier, 'India Post');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), ' EK 1234 56789 IN ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = sent(calls, handOverUrl('71041'));
    expect(JSON.parse(String(post!.init!.body))).toEqual({
      carrier: 'India Post',
      tracking_number: 'EK123456789IN',
      self_delivery: false,
    });
    expect(new Headers(post!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
    const after = await part(1041);
    expect(after).toHaveTextContent('Handed over to India Post · EK123456789IN');
    expect(within(after).getByRole('status')).toHaveTextContent('Handed over.');
    expect(within(after).queryByRole('button')).not.toBeInTheDocument();
    // The button went away with the move: the focus is on the part's new state.
    expect(after.contains(document.activeElement)).toBe(true);
    expect(orderReads(calls)).toBeGreaterThan(reads);
    expect(await card(1041)).toHaveTextContent('Shipped');
  });

  it('hands a part over as delivered by the seller, with no courier', async () => {
    const orders = { current: [order(1041, {}, packedAt())] };
    const { calls } = openDashboard(orders, {
      [`POST ${handOverUrl('71041')}`]: () => {
        orders.current = [order(1041, { status: 'shipped' }, handedOverTo(null))];
        return { body: orders.current[0]!.shipment };
      },
    });
    await userEvent.click(within(await part(1041)).getByRole('button', { name: 'Hand over' }));
    const dialog = screen.getByRole('dialog', { name: 'Hand over Order #1041' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Carrier' }), 'Delhivery');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I deliver it myself' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Carrier' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Tracking number' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    expect(await within(await part(1041)).findByText('Delivered by you')).toBeInTheDocument();
    const [post] = sent(calls, handOverUrl('71041'));
    expect(JSON.parse(String(post!.init!.body))).toEqual({ carrier: '', tracking_number: '', self_delivery: true });
  });

  it('checks the form by the domain’s rules before sending anything', async () => {
    const { calls } = openDashboard({ current: [order(1041, {}, packedAt())] });
    await userEvent.click(within(await part(1041)).getByRole('button', { name: 'Hand over' }));
    const dialog = screen.getByRole('dialog', { name: 'Hand over Order #1041' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    const carrier = within(dialog).getByRole('combobox', { name: 'Carrier' });
    expect(carrier).toHaveFocus();
    expect(carrier).toHaveAttribute('aria-invalid', 'true');
    expect(carrier).toHaveAccessibleDescription(expect.stringContaining(SHIPMENT_MESSAGES.carrierRequired));
    expect(within(dialog).getByRole('textbox', { name: 'Tracking number' })).toHaveAccessibleDescription(
      expect.stringContaining(SHIPMENT_MESSAGES.trackingRequired),
    );

    await userEvent.type(carrier, 'DTDC');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), 'D1#');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(within(dialog).getByRole('textbox', { name: 'Tracking number' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Tracking number must be 4 to 40 letters, digits or dashes');
    expect(sent(calls, handOverUrl('71041'))).toHaveLength(0);
  });

  it('shows the API’s 400 field texts under their fields', async () => {
    openDashboard(
      { current: [order(1041, {}, packedAt())] },
      {
        [`POST ${handOverUrl('71041')}`]: refusal(400, SHIPMENT_MESSAGES.selfDeliveryNoCarrier, {
          self_delivery: SHIPMENT_MESSAGES.selfDeliveryNoCarrier,
        }),
      },
    );
    await userEvent.click(within(await part(1041)).getByRole('button', { name: 'Hand over' }));
    const dialog = screen.getByRole('dialog', { name: 'Hand over Order #1041' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I deliver it myself' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    const self = within(dialog).getByRole('checkbox', { name: 'I deliver it myself' });
    await waitFor(() => expect(self).toHaveFocus());
    expect(self).toHaveAttribute('aria-invalid', 'true');
    expect(self).toHaveAccessibleDescription(expect.stringContaining(SHIPMENT_MESSAGES.selfDeliveryNoCarrier));
    expect(screen.getByRole('dialog', { name: 'Hand over Order #1041' })).toBeInTheDocument();
  });

  it('shows the 400 of the tracking number the server refused, the field focused', async () => {
    openDashboard(
      { current: [order(1041, {}, packedAt())] },
      {
        [`POST ${handOverUrl('71041')}`]: refusal(400, SHIPMENT_MESSAGES.trackingInvalid, {
          tracking_number: SHIPMENT_MESSAGES.trackingInvalid,
        }),
      },
    );
    await userEvent.click(within(await part(1041)).getByRole('button', { name: 'Hand over' }));
    const dialog = screen.getByRole('dialog', { name: 'Hand over Order #1041' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Carrier' }), 'Blue Dart');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), '12345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    const tracking = within(dialog).getByRole('textbox', { name: 'Tracking number' });
    await waitFor(() => expect(tracking).toHaveFocus());
    expect(tracking).toHaveAccessibleDescription(expect.stringContaining(SHIPMENT_MESSAGES.trackingInvalid));
  });

  it('tells a seller whose business profile is not approved to get it approved, and points to its panel', async () => {
    openDashboard(
      { current: [order(1041)] },
      { [`POST ${packUrl('71041')}`]: refusal(403, SELLER_PROFILE_MESSAGES.approvalRequired) },
    );
    const region = await part(1041);
    await userEvent.click(within(region).getByRole('button', { name: 'Mark as packed' }));

    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Your seller profile must be approved by Mandi first');
    expect(alert).toHaveTextContent(
      'You can pack and hand over your orders once Mandi has approved your business profile.',
    );
    const link = within(alert).getByRole('link', { name: 'Go to your business profile' });
    expect(link).toHaveAttribute('href', '#business-profile');
    await userEvent.click(link);
    expect(screen.getByRole('region', { name: 'Business profile' })).toHaveFocus();
    expect(region).toHaveTextContent('To pack');
  });

  it('says the approval refusal in the hand-over form too, and its link leaves the form for the panel', async () => {
    openDashboard(
      { current: [order(1041, {}, packedAt())] },
      { [`POST ${handOverUrl('71041')}`]: refusal(403, SELLER_PROFILE_MESSAGES.approvalRequired) },
    );
    await userEvent.click(within(await part(1041)).getByRole('button', { name: 'Hand over' }));
    const dialog = screen.getByRole('dialog', { name: 'Hand over Order #1041' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I deliver it myself' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your seller profile must be approved by Mandi first');
    await userEvent.click(within(alert).getByRole('link', { name: 'Go to your business profile' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Business profile' })).toHaveFocus());
    expect(within(await part(1041)).getByRole('alert')).toHaveTextContent('Your seller profile must be approved');
  });

  it('shows a 409 refusal in the form and reads the orders again once it is closed', async () => {
    const orders = { current: [order(1041, {}, packedAt())] };
    const { calls } = openDashboard(orders, {
      [`POST ${handOverUrl('71041')}`]: () => {
        orders.current = [order(1041, { status: 'cancelled' }, { status: 'cancelled' })];
        return refusal(409, SHIPMENT_MESSAGES.orderNotConfirmed);
      },
    });
    await userEvent.click(within(await part(1041)).getByRole('button', { name: 'Hand over' }));
    const dialog = screen.getByRole('dialog', { name: 'Hand over Order #1041' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I deliver it myself' }));
    const reads = orderReads(calls);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a shipment of a confirmed order can be moved',
    );
    expect(orderReads(calls)).toBe(reads);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(await part(1041)).findByText('Cancelled')).toBeInTheDocument();
    expect(orderReads(calls)).toBe(reads + 1);
  });

  it('shows a 409 of a pack on the card, and the part as the server now has it', async () => {
    const orders = { current: [order(1041)] };
    openDashboard(orders, {
      [`POST ${packUrl('71041')}`]: () => {
        orders.current = [order(1041, {}, packedAt())];
        return refusal(409, SHIPMENT_MESSAGES.cannotPack);
      },
    });
    const region = await part(1041);
    await userEvent.click(within(region).getByRole('button', { name: 'Mark as packed' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Only a shipment waiting to be packed can be marked packed',
    );
    expect(await within(region).findByRole('button', { name: 'Hand over' })).toBeInTheDocument();
  });

  it('says so when the move gets no answer worth showing', async () => {
    openDashboard(
      { current: [order(1041)] },
      { [`POST ${packUrl('71041')}`]: { status: 500, body: { statusCode: 500, error: 'Error', message: 'x' } } },
    );
    const region = await part(1041);
    await userEvent.click(within(region).getByRole('button', { name: 'Mark as packed' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Could not update the shipment. Please try again.',
    );
  });

  it('shows an admin the state of another seller’s parts, without the moves', async () => {
    stubApi({
      [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } },
      [routeKey('sellerDashboard', { params: { uid: 'uid-ravi' } })]: { body: dashboard('uid-ravi') },
      [ordersKey('uid-ravi')]: {
        body: page([order(1, { status: 'pending' }), order(2), order(3, {}, packedAt())]),
      },
    });
    renderApp('/seller-dashboard/uid-ravi', { identity: fakeIdentity(identityUser('uid-admin', 'admin@mandi.test')) });

    expect(await part(2)).toHaveTextContent('To pack');
    expect(await part(3)).toHaveTextContent('Packed');
    for (const id of [1, 2, 3]) {
      const region = await part(id);
      expect(within(region).queryByRole('button')).not.toBeInTheDocument();
      expect(region).not.toHaveTextContent('You can pack it once the order is confirmed.');
    }
  });
});
