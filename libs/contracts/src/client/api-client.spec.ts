import {
  readAnswer,
  routeAt,
  routeKey,
  routeOf,
  routeParams,
  routeRequest,
  routeUrl,
  type AnswerResponse,
} from './api-client.js';
import { answerKindOf } from './route-line.js';

/** A response of `text` (the parts readAnswer reads). */
function answer(text: string, status = 200): AnswerResponse {
  return { status, text: () => Promise.resolve(text), blob: () => Promise.resolve(new Blob([text])) };
}

describe('routeRequest', () => {
  it('encodes each path parameter', () => {
    expect(routeRequest('productsOfSeller', { params: { uid: 'a/b c?' } }).url).toBe('/api/products/user/a%2Fb%20c%3F');
    expect(routeRequest('deleteProduct', { params: { uid: 'u1', productId: 7 } })).toEqual({
      method: 'DELETE',
      url: '/api/products/user/u1/7',
      json: false,
      answer: 'json',
    });
  });

  it('writes the query as a form does and leaves out null and undefined fields', () => {
    expect(
      routeUrl('listProducts', { query: { page: 2, search: "red onion's", filter: 'All', sort: undefined } }),
    ).toBe('/api/products?page=2&search=red+onion%27s&filter=All');
    expect(routeUrl('adminUsers')).toBe('/api/admin/users');
    expect(routeRequest('userProfile', { params: { uid: 'u' }, query: { minimal: 'true' } }).url).toBe(
      '/api/user-profile/uid/u?minimal=true',
    );
  });

  it('sends a JSON body as JSON text, a form as it is, and no body when the call has none', () => {
    expect(routeRequest('addToCart', { body: { uid: 'u1', productId: '4' } })).toEqual({
      method: 'POST',
      url: '/api/cart/add',
      body: '{"uid":"u1","productId":"4"}',
      json: true,
      answer: 'json',
    });
    const form = new FormData();
    expect(routeRequest('postProduct', { body: form })).toMatchObject({ method: 'POST', body: form, json: false });
    expect(routeRequest('cancelOrderByAdmin', { params: { id: 5 } })).toEqual({
      method: 'PUT',
      url: '/api/admin/orders/cancel/5',
      json: false,
      answer: 'json',
    });
  });

  it('names a call by its method and URL', () => {
    expect(routeKey('requestCancellation', { params: { orderId: 12 } })).toBe('PUT /api/orders/cancel-request/12');
  });

  it('refuses a call without a parameter its path needs', () => {
    // @ts-expect-error: the type asks for the parameter too.
    expect(() => routeUrl('cartOfUser', {})).toThrow("cartOfUser: the path parameter 'uid' is missing");
  });
});

describe('readAnswer', () => {
  it('reads each answer as its entry says', async () => {
    await expect(readAnswer('addToCart', answer('{"message":"Added"}', 201))).resolves.toEqual({ message: 'Added' });
    await expect(readAnswer('updateAddress', answer(''))).resolves.toBeNull();
    await expect(readAnswer('gstr1Csv', answer('a,b'))).resolves.toBe('a,b');
    const pdf = await readAnswer('downloadInvoice', answer('%PDF'));
    expect(pdf).toBeInstanceOf(Blob);
    await expect(pdf.text()).resolves.toBe('%PDF');
    await expect(readAnswer('setAccountLanguage', answer('', 204))).resolves.toBeNull();
  });
});

describe('answerKindOf', () => {
  it('reads JSON for a schema or a JSON file, text for text, bytes for other files, nothing for a redirect', () => {
    expect(answerKindOf({ answers: { 200: { description: 'x', contentType: 'application/json' } } })).toBe('json');
    expect(answerKindOf({ answers: { 200: { description: 'x', contentType: 'text/csv' } } })).toBe('text');
    expect(answerKindOf({ answers: { 200: { description: 'x', contentType: 'application/pdf' } } })).toBe('blob');
    expect(answerKindOf({ answers: { 303: { description: 'x' } } })).toBe('none');
  });
});

describe('routeAt and routeParams', () => {
  it('picks the route the API would: a fixed segment wins over a parameter', () => {
    expect(routeAt('GET', '/api/products')).toBe('listProducts');
    expect(routeAt('GET', '/api/products/suggestions')).toBe('productSuggestions');
    expect(routeAt('GET', '/api/products/42')).toBe('productById');
    expect(routeAt('GET', '/api/products/user/u1')).toBe('productsOfSeller');
    expect(routeAt('GET', '/api/orders/details/9')).toBe('orderDetails');
    expect(routeAt('GET', '/api/products/')).toBeNull();
    expect(routeAt('DELETE', '/api/products/42')).toBeNull();
    expect(routeOf('GET', '/api/products?page=2&filter=All')).toBe('listProducts');
    expect(routeOf('PUT', '/api/orders/cancel-request/12')).toBe('requestCancellation');
  });

  it('reads the decoded parameters of a path of the route, and nothing of another', () => {
    expect(routeParams('productsOfSeller', '/api/products/user/a%2Fb')).toEqual({ uid: 'a/b' });
    expect(routeParams('productById', '/api/products/user/a')).toBeNull();
    expect(routeParams('productById', '/api/products/%E0%A4')).toBeNull();
  });
});
