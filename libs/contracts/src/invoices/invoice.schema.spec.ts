import {
  documentActionResponseSchema,
  documentDownloadId,
  invoiceDownloadParamsSchema,
  parseDocumentDownloadId,
} from './invoice.schema.js';

describe('document download ids', () => {
  it.each([
    [{ kind: 'invoice', id: 123 }, '123'],
    [{ kind: 'credit_note', id: 7 }, 'cn-7'],
  ] as const)('%p downloads as %p and reads back', (document, text) => {
    expect(documentDownloadId(document)).toBe(text);
    expect(parseDocumentDownloadId(text)).toEqual(document);
    expect(invoiceDownloadParamsSchema.parse({ invoiceId: text })).toEqual({ invoiceId: text });
  });

  it.each([['0'], ['cn-0'], ['007'], ['cn-'], ['CN-7'], ['inv-7'], ['12a'], ['99999999999'], ['2147483648']])(
    'reads %p as no document',
    (text) => {
      expect(parseDocumentDownloadId(text)).toBeNull();
    },
  );
});

describe('documentActionResponseSchema', () => {
  it('carries the document and whether its PDF is ready, or none', () => {
    const issued = {
      orderId: '5',
      status: 'issued',
      document: { invoice_id: 'cn-2', number: 'CN/26-27/000002', pdf_ready: false },
    };
    expect(documentActionResponseSchema.parse(issued)).toEqual(issued);
    expect(documentActionResponseSchema.parse({ orderId: 5, status: 'pending', document: null })).toEqual({
      orderId: '5',
      status: 'pending',
      document: null,
    });
    expect(() => documentActionResponseSchema.parse({ orderId: '5', status: 'done', document: null })).toThrow();
  });
});
