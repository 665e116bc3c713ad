import {
  productFormSchema,
  productImageCountProblem,
  productListQuerySchema,
  productSchema,
} from './product.schema.js';

const form = {
  name: 'Nashik Onions',
  price: '45.50',
  description: 'Red onions',
  validUntil: '2026-12-31 18:00:00',
  uid: 'firebase-uid-1',
  sellerPhone: '+91 98765 43210',
  sellerEmail: '',
  official_brand: '1',
  weight: '1000',
  length: '',
  width: '',
  height: '',
  existingImages: '["/files/a.webp"]',
  removedImages: '[]',
  requestId: 'req-1',
};

const firstMessage = (input: unknown): string | undefined => {
  const result = productFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('productFormSchema', () => {
  it('reads the multipart text fields', () => {
    expect(productFormSchema.parse(form)).toEqual({
      name: 'Nashik Onions',
      price: 45.5,
      description: 'Red onions',
      validUntil: '2026-12-31 18:00:00',
      uid: 'firebase-uid-1',
      sellerPhone: '9876543210',
      official_brand: 1,
      weight: 1000,
      existingImages: ['/files/a.webp'],
      removedImages: [],
      requestId: 'req-1',
    });
  });

  it.each([
    [{ name: ' ' }, 'Please enter a product name.'],
    [{ name: 'n'.repeat(51) }, 'Product name must be at most 50 characters.'],
    [{ price: '0' }, 'Price must be greater than 0.'],
    [{ price: '' }, 'Price must be greater than 0.'],
    [{ price: '12.345' }, 'Amount must have at most 2 decimals'],
    [{ description: '' }, 'Please enter a description.'],
    [{ validUntil: '' }, 'Please choose a valid-until date.'],
    [{ validUntil: '31/12/2026' }, 'Valid-until must be a date and time (YYYY-MM-DD HH:MM:SS).'],
    [{ sellerPhone: '12345' }, 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9'],
    [{ sellerEmail: 'not-an-email' }, 'Invalid email address format.'],
    [{ weight: '0' }, 'Weight must be greater than 0.'],
    [{ height: 'tall' }, 'Height must be greater than 0.'],
    [{ existingImages: JSON.stringify(['1', '2', '3', '4', '5']) }, 'Maximum 4 images allowed.'],
  ])('%j is refused with %p', (change, message) => {
    expect(firstMessage({ ...form, ...change })).toBe(message);
  });

  it('counts existing and new images together', () => {
    expect(productImageCountProblem(0, 0)).toBe('Please add at least one image.');
    expect(productImageCountProblem(2, 2)).toBeNull();
    expect(productImageCountProblem(1, 4)).toBe('Maximum 4 images allowed.');
  });
});

describe('productSchema', () => {
  it('reads images sent as a JSON string', () => {
    const product = productSchema.parse({
      id: 12,
      uid: 'u1',
      name: 'Ghee',
      price: 650,
      description: 'A2 cow ghee',
      validUntil: '2026-12-31 18:00:00',
      createdAt: '2026-03-01T10:00:00.000Z',
      images: '["/files/g.webp"]',
      sellerPhone: '9876543210',
      sellerEmail: null,
      weight: 500,
      length: null,
      width: null,
      height: null,
      official_brand: 1,
    });
    expect(product.id).toBe('12');
    expect(product.images).toEqual(['/files/g.webp']);
  });
});

describe('productListQuerySchema', () => {
  it('defaults to all products, page 1 of 24', () => {
    expect(productListQuerySchema.parse({})).toEqual({ filter: 'All', page: 1, limit: 24 });
    expect(productListQuerySchema.parse({ search: '  aloo ', filter: 'Original', page: '2' })).toEqual({
      search: 'aloo',
      filter: 'Original',
      page: 2,
      limit: 24,
    });
    expect(productListQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
  });
});

describe('productListQuerySchema: browsing (issue 16)', () => {
  const problem = (query: Record<string, unknown>) => {
    const result = productListQuerySchema.safeParse(query);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('reads category, price range, stock, freshness and sort beside search and filter', () => {
    expect(
      productListQuerySchema.parse({
        search: 'aloo',
        filter: 'Original',
        category: 'fresh_produce',
        minPrice: '20',
        maxPrice: '149.5',
        inStock: '1',
        fresh: '1',
        sort: 'price_asc',
      }),
    ).toEqual({
      search: 'aloo',
      filter: 'Original',
      page: 1,
      limit: 24,
      category: 'fresh_produce',
      minPrice: 20,
      maxPrice: 149.5,
      inStock: true,
      fresh: true,
      sort: 'price_asc',
    });
  });

  it('reads 0 and blank values as no filter', () => {
    expect(productListQuerySchema.parse({ inStock: '0', fresh: '0', category: '', minPrice: ' ', sort: '' })).toEqual({
      filter: 'All',
      page: 1,
      limit: 24,
    });
  });

  it('takes equal bounds (one price) and the largest bound', () => {
    expect(productListQuerySchema.parse({ minPrice: '45', maxPrice: '45.00' })).toMatchObject({
      minPrice: 45,
      maxPrice: 45,
    });
    expect(productListQuerySchema.parse({ maxPrice: '10000000' })).toMatchObject({ maxPrice: 10_000_000 });
  });

  it.each([
    [{ category: 'vegetables' }, /^category must be one of fresh_produce, fresh_fruits, .*, seeds$/],
    [{ sort: 'cheapest' }, /^sort must be one of newest, price_asc, price_desc$/],
    [{ minPrice: 'abc' }, /^minPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals$/],
    [{ minPrice: '-5' }, /^minPrice must be an amount in rupees/],
    [{ maxPrice: '1.999' }, /^maxPrice must be an amount in rupees/],
    [{ maxPrice: '10000000.01' }, /^maxPrice must be an amount in rupees/],
    [{ maxPrice: '1e3' }, /^maxPrice must be an amount in rupees/],
    [{ minPrice: ['1', '2'] }, /^minPrice must be an amount in rupees/],
    [{ inStock: 'yes' }, /^inStock must be 1 \(or 0 for no filter\)$/],
    [{ fresh: 'true' }, /^fresh must be 1 \(or 0 for no filter\)$/],
    [{ category: ['spices', 'honey'] }, /^category must be one of/],
    [{ minPrice: '500', maxPrice: '100' }, /^minPrice must not be more than maxPrice$/],
  ])('refuses %j naming the rule', (query, message) => {
    expect(problem(query)).toMatch(message);
  });
});
