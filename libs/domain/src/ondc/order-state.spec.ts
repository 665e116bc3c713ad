import { fulfillmentStateOf, ondcOrderStateOf, progressStepsReached } from './order-state.js';

describe('a network order as ONDC sees it', () => {
  it.each([
    ['pending', 'to_pack', [], 'Pending', 'Created'],
    ['confirmed', 'to_pack', ['Pending'], 'Pending', 'Accepted'],
    ['confirmed', 'packed', ['Pending', 'Packed'], 'Packed', 'In-progress'],
    ['confirmed', 'handed_over', ['Pending', 'Packed', 'Order-picked-up'], 'Order-picked-up', 'In-progress'],
    // An admin shipped it before the seller packed: every step before the latest is still told.
    [
      'shipped',
      'to_pack',
      ['Pending', 'Packed', 'Order-picked-up', 'Out-for-delivery'],
      'Out-for-delivery',
      'In-progress',
    ],
    [
      'delivered',
      'handed_over',
      ['Pending', 'Packed', 'Order-picked-up', 'Out-for-delivery', 'Order-delivered'],
      'Order-delivered',
      'Completed',
    ],
    ['cancelled', 'cancelled', [], 'Cancelled', 'Cancelled'],
  ] as const)('%s with its shipment %s: steps %j, fulfilment %s, order %s', (status, shipment, steps, state, order) => {
    const progress = { status, shipment };
    expect(progressStepsReached(progress)).toEqual(steps);
    expect(fulfillmentStateOf(progress)).toBe(state);
    expect(ondcOrderStateOf(progress)).toBe(order);
  });
});
