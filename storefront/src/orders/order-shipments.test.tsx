import { routeKey } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { orderDetail, orderItem } from '../test/order-fixtures';
import { renderApp, stubApi } from '../test/render-app';
import { handedOverTo, orderShipment, packedAt } from '../test/shipment-fixtures';
import { partsWorthShowing } from './order-shipments';

type Answers = Parameters<typeof stubApi>[0];

const items = [
  orderItem(11, 'Desi Tamatar', 40, 2),
  orderItem(12, 'Nashik Pyaz', 30.5, 1),
  orderItem(13, 'Alphonso Aam', 600, 1),
];
const order = (status: 'pending' | 'confirmed' | 'shipped' = 'confirmed') =>
  orderDetail(1042, '2026-03-04T19:30:00.000Z', { status, items, subtotal: 710.5, total_amount: 840.3 });
const shipmentsKey = routeKey('orderShipments', { params: { orderId: 1042 } });

function openOrder(answers: Answers, language: 'en' | 'hi' = 'en') {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('orderDetails', { params: { orderId: 1042 } })]: { body: order() },
    ...answers,
  });
  return { ...api, ...renderApp('/order/1042', { identity: buyer(), language }) };
}

const parts = () => screen.findByRole('region', { name: 'Shipments' });

describe('the parts of an order on the buyer’s order page', () => {
  it('shows each seller’s part with its items, its state and how it travels', async () => {
    const { calls } = openOrder({
      [shipmentsKey]: {
        body: [
          orderShipment(1, 1042, 'mandi', [11], handedOverTo('India Post', 'EK123456789IN')),
          orderShipment(2, 1042, 'ravi_farms', [12], handedOverTo(null)),
          orderShipment(3, 1042, 'konkan_aam', [13], packedAt()),
        ],
      },
    });

    const region = await parts();
    expect(region).toHaveTextContent('Your order comes in 3 parcels, each packed and sent by its own seller.');
    const [first, second, third] = within(region).getAllByRole('article');

    expect(within(first!).getByRole('heading', { name: 'From mandi' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Parcel 1 of 3');
    expect(first).toHaveTextContent('Handed over');
    expect(within(first!).getByRole('list', { name: 'Items from mandi' })).toHaveTextContent('Desi Tamatar × 2');
    expect(first).toHaveTextContent('CourierIndia Post');
    expect(first).toHaveTextContent('Tracking numberEK123456789IN');
    // 09:00 UTC is 2:30 pm in India.
    expect(first).toHaveTextContent('Handed over on 5 Mar 2026, 2:30 pm');

    expect(within(second!).getByRole('heading', { name: 'From ravi_farms' })).toBeInTheDocument();
    expect(within(second!).getByRole('list', { name: 'Items from ravi_farms' })).toHaveTextContent('Nashik Pyaz × 1');
    expect(second).toHaveTextContent('Delivered by the seller');
    expect(second).not.toHaveTextContent('Tracking number');

    expect(third).toHaveTextContent('From konkan_aam');
    expect(third).toHaveTextContent('Packed');
    expect(third).toHaveTextContent('Alphonso Aam × 1');
    expect(third).toHaveTextContent('Packed on 5 Mar 2026, 10:00 am');
    expect(third).not.toHaveTextContent('Courier');

    // The rest of the page is as before; the parts were asked with the buyer's token.
    expect(within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem')).toHaveLength(3);
    const call = calls.find((entry) => entry.route === 'orderShipments');
    expect(new Headers(call!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
  });

  it('shows the parts of a two-seller order before anyone packed, so the buyer expects two parcels', async () => {
    openOrder({
      [shipmentsKey]: {
        body: [orderShipment(1, 1042, 'mandi', [11, 12]), orderShipment(2, 1042, 'konkan_aam', [13])],
      },
    });
    const [first, second] = within(await parts()).getAllByRole('article');
    expect(first).toHaveTextContent('To pack');
    expect(
      within(first!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Desi Tamatar × 2', 'Nashik Pyaz × 1']);
    expect(second).toHaveTextContent('Alphonso Aam × 1');
  });

  it('leaves the section out for a one-seller order nobody has packed yet', async () => {
    const { calls } = openOrder({
      [shipmentsKey]: { body: [orderShipment(1, 1042, 'mandi', [11, 12, 13])] },
    });
    expect(await screen.findByRole('region', { name: 'Items' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((entry) => entry.route === 'orderShipments')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Shipments' })).not.toBeInTheDocument();
  });

  it('shows a one-seller order’s tracking once it is handed over', async () => {
    openOrder({
      [routeKey('orderDetails', { params: { orderId: 1042 } })]: { body: order('shipped') },
      [shipmentsKey]: {
        body: [orderShipment(1, 1042, 'mandi', [11, 12, 13], handedOverTo('Delhivery', 'DLV-0042-7788'))],
      },
    });
    const region = await parts();
    expect(region).toHaveTextContent('The seller packs your order and hands it over to be delivered.');
    expect(region).not.toHaveTextContent('Parcel 1 of 1');
    expect(region).toHaveTextContent('Tracking numberDLV-0042-7788');
  });

  it('shows the order page without the parts when the parts cannot be loaded', async () => {
    const { calls } = openOrder({
      [shipmentsKey]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Down' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Items' })).toHaveTextContent('Desi Tamatar');
    expect(screen.getByRole('region', { name: 'Order status' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Summary' })).toHaveTextContent('Total₹840.30');
    await waitFor(() => expect(calls.some((entry) => entry.route === 'orderShipments')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Shipments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the parts in Hindi', async () => {
    openOrder(
      {
        [shipmentsKey]: {
          body: [
            orderShipment(1, 1042, 'mandi', [11], handedOverTo('India Post', 'EK123456789IN')),
            orderShipment(2, 1042, 'ravi_farms', [12, 13], handedOverTo(null)),
          ],
        },
      },
      'hi',
    );
    const region = await screen.findByRole('region', { name: 'पार्सल' });
    const [first, second] = within(region).getAllByRole('article');
    expect(within(first!).getByRole('heading', { name: 'mandi की ओर से' })).toBeInTheDocument();
    expect(first).toHaveTextContent('2 में से पार्सल 1');
    expect(first).toHaveTextContent('सौंप दिया गया');
    expect(first).toHaveTextContent('ट्रैकिंग नंबरEK123456789IN');
    expect(second).toHaveTextContent('विक्रेता ख़ुद पहुँचाएगा');
  });
});

describe('whether the parts are worth showing', () => {
  const part = (status: 'to_pack' | 'packed' | 'handed_over' | 'cancelled', id = 1) =>
    orderShipment(id, 1042, `seller${id}`, [id], status === 'to_pack' ? {} : { status });

  it.each([
    ['no parts', [], false],
    ['one part to pack', [part('to_pack')], false],
    ['one part packed', [part('packed')], true],
    ['one part handed over', [part('handed_over')], true],
    ['one part cancelled', [part('cancelled')], false],
    ['two parts to pack', [part('to_pack', 1), part('to_pack', 2)], true],
    ['two parts cancelled', [part('cancelled', 1), part('cancelled', 2)], false],
    ['a part handed over beside a cancelled one', [part('handed_over', 1), part('cancelled', 2)], true],
  ])('%s: %s', (_name, shown, expected) => expect(partsWorthShowing(shown)).toBe(expected));
});
