import { precancelOf } from './order-documents.js';

/** A callback body describing the order with its delivery in `state`, updated at `updatedAt`. */
const told = (state: string, updatedAt: string) => ({
  message: {
    order: {
      updated_at: updatedAt,
      fulfillments: [{ id: 'F1', type: 'Delivery', state: { descriptor: { code: state } } }],
    },
  },
});

describe('precancelOf', () => {
  it('names the last step told, with the updated_at of the callback that first told it', () => {
    // on_confirm (Pending), then the unsolicited on_status Pending: the validator compares on_confirm's updated_at.
    const described = [told('Pending', '2026-12-04T10:00:00.000Z'), told('Pending', '2026-12-04T10:00:01.000Z')];
    expect(precancelOf(described)).toEqual({ state: 'Pending', updatedAt: '2026-12-04T10:00:00.000Z' });
    expect(precancelOf([...described, told('Packed', '2026-12-04T11:00:00.000Z')])).toEqual({
      state: 'Packed',
      updatedAt: '2026-12-04T11:00:00.000Z',
    });
  });

  it('skips what tells no step (a cancelled order’s status, an error) and names none before any', () => {
    expect(
      precancelOf([
        told('Pending', '2026-12-04T10:00:00.000Z'),
        told('Cancelled', '2026-12-04T12:00:00.000Z'),
        { error: {} },
      ]),
    ).toEqual({
      state: 'Pending',
      updatedAt: '2026-12-04T10:00:00.000Z',
    });
    expect(precancelOf([])).toBeNull();
  });
});
