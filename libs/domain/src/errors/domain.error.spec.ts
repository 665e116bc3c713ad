import { DomainError, isDomainError } from './domain.error.js';

describe('DomainError', () => {
  it('carries the code, the user-facing message and the failing fields', () => {
    const error = new DomainError('invalid_data', 'Maximum 4 images allowed.', {
      fields: { images: 'Maximum 4 images allowed.' },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('invalid_data');
    expect(error.message).toBe('Maximum 4 images allowed.');
    expect(error.fields).toEqual({ images: 'Maximum 4 images allowed.' });
    expect(error.details).toBeUndefined();
  });

  it('keeps details and the cause', () => {
    const cause = new Error('driver said no');
    const error = new DomainError('conflict', 'Totals changed', { details: { grandTotal: 118.5 }, cause });
    expect(error.details).toEqual({ grandTotal: 118.5 });
    expect(error.cause).toBe(cause);
  });

  it('is recognised by isDomainError, plain errors are not', () => {
    expect(isDomainError(new DomainError('not_found', 'Order not found.'))).toBe(true);
    expect(isDomainError(new Error('boom'))).toBe(false);
    expect(isDomainError({ code: 'not_found', message: 'x' })).toBe(false);
  });
});
