import { validateProductInput, type ProductInput } from './product.validation.js';

const good: ProductInput = {
  name: 'Nashik Onions',
  sellerPhone: '+91 98765 43210',
  price: '45.50',
  description: 'Red onions, 1 kg pack',
  validUntil: '2026-12-31 18:00:00',
  existingImageCount: 0,
  newImages: [{ name: 'onions.jpg', size: 1_000_000 }],
  weight: 1000,
  length: '',
  width: null,
  height: undefined,
  sellerEmail: '',
};

describe('validateProductInput', () => {
  it('passes a complete product', () => {
    expect(validateProductInput(good)).toBeNull();
  });

  it.each([
    [{ name: '  ' }, 'name', 'Missing Name', 'Please enter a product name.'],
    [{ name: 'x'.repeat(51) }, 'name', 'Invalid Name', 'Product name must be at most 50 characters.'],
    [
      { sellerPhone: '12345' },
      'sellerPhone',
      'Invalid Phone Number',
      'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
    ],
    [
      { sellerPhone: '5876543210' },
      'sellerPhone',
      'Invalid Phone Number',
      'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
    ],
    [{ price: 0 }, 'price', 'Invalid Price', 'Price must be greater than 0.'],
    [{ price: '' }, 'price', 'Invalid Price', 'Price must be greater than 0.'],
    [{ price: '-3' }, 'price', 'Invalid Price', 'Price must be greater than 0.'],
    [{ description: '' }, 'description', 'Missing Description', 'Please enter a description.'],
    [
      { description: 'd'.repeat(501) },
      'description',
      'Invalid Description',
      'Description must be at most 500 characters.',
    ],
    [{ validUntil: null }, 'validUntil', 'Missing Validity Date', 'Please choose a valid-until date.'],
    [{ newImages: [] }, 'images', 'No Images', 'Please add at least one image.'],
    [
      { existingImageCount: 2, newImages: [1, 2, 3].map((n) => ({ name: `${n}.jpg`, size: 10 })) },
      'images',
      'Too Many Images',
      'Maximum 4 images allowed.',
    ],
    [{ weight: 0 }, 'weight', 'Invalid Weight', 'Weight must be greater than 0.'],
    [{ length: '-1' }, 'length', 'Invalid Length', 'Length must be greater than 0.'],
    [{ width: 'abc' }, 'width', 'Invalid Width', 'Width must be greater than 0.'],
    [{ height: -2 }, 'height', 'Invalid Height', 'Height must be greater than 0.'],
    [{ sellerEmail: 'farmer-at-example' }, 'sellerEmail', 'Invalid Email', 'Invalid email address format.'],
    [
      { newImages: [{ name: 'big.png', size: 5 * 1024 * 1024 + 1 }] },
      'images',
      'Invalid File Size',
      'big.png must be under 5MB',
    ],
  ])('%j fails on %s with %s: %s', (change, field, title, text) => {
    expect(validateProductInput({ ...good, ...change })).toEqual({ field, title, text });
  });

  it('accepts exactly 50 characters, 4 images and a 5 MB file', () => {
    expect(
      validateProductInput({
        ...good,
        name: 'n'.repeat(50),
        existingImageCount: 3,
        newImages: [{ name: 'exact.jpg', size: 5 * 1024 * 1024 }],
      }),
    ).toBeNull();
  });

  it('reports the first problem in the spec order', () => {
    expect(validateProductInput({ ...good, name: '', price: 0, newImages: [] })?.title).toBe('Missing Name');
  });
});
