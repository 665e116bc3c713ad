import { ONDC_ACTIONS, type OndcAction } from '@mandi/domain';
import { nackBody } from './ondc-ack.schema.js';
import { checkOndcRequest, ondcDurationMs, ondcPathOf } from './ondc-request-check.js';

const NOW = Date.parse('2026-12-18T09:00:10.000Z');
const options = { subscriberId: 'mandi.example.in', now: NOW };

const address = {
  name: 'Asha',
  building: '12, Lake View',
  locality: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IND',
  area_code: '560038',
};
const delivery = {
  id: 'F1',
  type: 'Delivery',
  end: { location: { gps: '12.9716,77.6412', address }, contact: { phone: '9876543210' } },
};
const billing = { name: 'Asha', address, phone: '9876543210', created_at: '2026-12-18T09:00:00.000Z' };
const items = [{ id: 'I1', location_id: 'L1', fulfillment_id: 'F1', quantity: { count: 2 } }];
const provider = { id: 'P1', locations: [{ id: 'L1' }] };

const messages: Record<OndcAction, unknown> = {
  search: {
    intent: {
      fulfillment: { type: 'Delivery' },
      payment: { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3' },
    },
  },
  select: {
    order: {
      provider,
      items,
      fulfillments: [{ end: { location: { gps: '12.9716,77.6412', address: { area_code: '560038' } } } }],
    },
  },
  init: { order: { provider, items, billing, fulfillments: [delivery] } },
  confirm: {
    order: {
      id: 'O1',
      provider,
      items,
      billing,
      fulfillments: [delivery],
      payment: { type: 'ON-ORDER', collected_by: 'BAP', status: 'PAID', params: { amount: '120.00', currency: 'INR' } },
    },
  },
  status: { order_id: 'O1' },
  track: { order_id: 'O1' },
  cancel: { order_id: 'O1', cancellation_reason_id: '012' },
  update: { update_target: 'item', order: { id: 'O1', fulfillments: [] } },
};

function requestOf(action: OndcAction, context: Record<string, unknown> = {}, message = messages[action]) {
  return {
    context: {
      domain: 'ONDC:RET10',
      country: 'IND',
      city: 'std:080',
      action,
      core_version: '1.2.0',
      bap_id: 'buyer.example.in',
      bap_uri: 'https://buyer.example.in/ondc',
      ...(action === 'search' ? {} : { bpp_id: 'mandi.example.in', bpp_uri: 'https://mandi.example.in/ondc' }),
      transaction_id: 'T1',
      message_id: 'M1',
      timestamp: '2026-12-18T09:00:00.000Z',
      ttl: 'PT30S',
      ...context,
    },
    message,
  };
}

describe('ONDC requests a seller node receives', () => {
  it.each(ONDC_ACTIONS)('accept a %s as a buyer app sends it, due by timestamp + ttl', (action) => {
    const check = checkOndcRequest(action, requestOf(action), options);
    expect(check).toMatchObject({ ok: true, dueBy: new Date('2026-12-18T09:00:30.000Z') });
  });

  it('keep the fields ONDC adds that Mandi does not read', () => {
    const check = checkOndcRequest('status', requestOf('status', { extra: 1 }, { order_id: 'O1', ref: 'x' }), options);
    expect(check.ok && check.request).toMatchObject({ context: { extra: 1 }, message: { ref: 'x' } });
  });

  it.each([
    ['a domain other than RET10', 'select', { domain: 'ONDC:RET11' }, 'context.domain'],
    ['another version', 'init', { core_version: '1.2.5' }, 'context.core_version'],
    ['an action that is not the path', 'confirm', { action: 'init' }, 'context.action'],
    ['no transaction id', 'status', { transaction_id: undefined }, 'context.transaction_id'],
    ['a timestamp that is not RFC 3339', 'track', { timestamp: '18/12/2026' }, 'context.timestamp'],
    ['a ttl that is not a duration', 'cancel', { ttl: '30 seconds' }, 'context.ttl'],
    ['no bap_uri', 'search', { bap_uri: undefined }, 'context.bap_uri'],
    ['another seller node', 'select', { bpp_id: 'other.example.in' }, 'context.bpp_id'],
    ['no bpp_id', 'update', { bpp_id: undefined }, 'context.bpp_id'],
  ] as const)('refuse %s as a CONTEXT-ERROR naming the field', (_, action, context, path) => {
    const check = checkOndcRequest(action, requestOf(action, context), options);
    expect(check).toMatchObject({ ok: false, error: { type: 'CONTEXT-ERROR', code: '30000', path } });
  });

  it('name the deepest failing field of the message', () => {
    const order = { provider, items: [{ id: 'I1', quantity: { count: '2' } }] };
    const check = checkOndcRequest('select', requestOf('select', {}, { order }), options);
    expect(check).toMatchObject({
      ok: false,
      error: { type: 'JSON-SCHEMA-ERROR', code: '30000', path: 'message.order.items[0].quantity.count' },
    });
  });

  it.each([
    ['init', { order: { provider, billing, fulfillments: [delivery] } }, 'message.order.items'],
    ['init', { order: { provider, items, fulfillments: [delivery] } }, 'message.order.billing'],
    [
      'confirm',
      {
        order: {
          provider,
          items,
          billing,
          fulfillments: [
            {
              ...delivery,
              end: { ...delivery.end, location: { gps: '1,1', address: { ...address, area_code: '5600' } } },
            },
          ],
          payment: { type: 'ON-ORDER', collected_by: 'BAP', status: 'PAID' },
        },
      },
      'message.order.fulfillments[0].end.location.address.area_code',
    ],
    [
      'confirm',
      { order: { provider, items, billing, fulfillments: [delivery], payment: { type: 'ON-ORDER', status: 'PAID' } } },
      'message.order.payment.collected_by',
    ],
    ['cancel', { order_id: 'O1' }, 'message.cancellation_reason_id'],
    ['status', {}, 'message.order_id'],
  ] as const)('refuse a %s without what Mandi needs, naming the field', (action, message, path) => {
    const check = checkOndcRequest(action, requestOf(action, {}, message), options);
    expect(check).toMatchObject({
      ok: false,
      error: { type: 'JSON-SCHEMA-ERROR', path, message: expect.stringContaining(path) },
    });
  });

  it('refuse a request whose ttl has passed as stale (20002)', () => {
    const check = checkOndcRequest('search', requestOf('search', { ttl: 'PT5S' }), options);
    expect(check).toMatchObject({ ok: false, error: { code: '20002', path: 'context.timestamp' } });
  });

  it.each([[null], [[]], ['text']])('refuse a body that is no object (%p)', (body) => {
    expect(checkOndcRequest('search', body, options)).toMatchObject({
      ok: false,
      error: { type: 'JSON-SCHEMA-ERROR' },
    });
  });

  it('read durations and paths as ONDC writes them', () => {
    expect(ondcDurationMs('PT30S')).toBe(30_000);
    expect(ondcDurationMs('P1DT1H')).toBe(90_000_000);
    expect(ondcDurationMs('PT1.5S')).toBe(1500);
    expect(ondcDurationMs('30S')).toBeNull();
    expect(ondcDurationMs('PT')).toBeNull();
    expect(ondcPathOf(['message', 'order', 'items', 0, 'quantity', 'count'])).toBe(
      'message.order.items[0].quantity.count',
    );
  });

  it('build a NACK body with the error', () => {
    expect(nackBody({ type: 'POLICY-ERROR', code: '10001', message: 'Invalid Signature' })).toEqual({
      message: { ack: { status: 'NACK' } },
      error: { type: 'POLICY-ERROR', code: '10001', message: 'Invalid Signature' },
    });
  });
});
