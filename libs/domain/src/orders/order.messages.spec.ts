import { validateCancelReason } from './cancel-reason.validation.js';
import { defaultInvoiceFileName, moreProductsText } from './order.messages.js';

describe('cancellation reason', () => {
  it.each([[''], ['   '], [null], [undefined]])('%p is missing', (reason) => {
    expect(validateCancelReason(reason)).toEqual({
      field: 'reason',
      title: 'Missing Reason',
      text: 'Please provide a reason for cancellation.',
    });
  });

  it('accepts a real reason and refuses an essay', () => {
    expect(validateCancelReason(' Ordered by mistake ')).toBeNull();
    expect(validateCancelReason('r'.repeat(501))).toEqual({
      field: 'reason',
      text: 'Reason must be at most 500 characters.',
    });
  });
});

describe('order texts', () => {
  it('names the invoice file and the extra products', () => {
    expect(defaultInvoiceFileName(42)).toBe('invoice-42.pdf');
    expect(moreProductsText(1)).toBe('+1 more product');
    expect(moreProductsText(3)).toBe('+3 more products');
  });
});
