import { routeKey } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

const seller = () => fakeIdentity(identityUser('uid-seller', 'seller@mandi.test'));
const MB = 1024 * 1024;

function image(name: string, size = 1000): File {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('Product photos'), { target: { files } });

async function fill(
  values: Partial<Record<'name' | 'price' | 'description' | 'phone' | 'email' | 'weight', string>> & {
    validUntil?: string;
  },
) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText('Product name'), values.name);
  if (values.phone) await user.type(screen.getByLabelText('Phone number'), values.phone);
  if (values.price) await user.type(screen.getByLabelText('Price (₹)'), values.price);
  if (values.description) await user.type(screen.getByLabelText('Description'), values.description);
  if (values.validUntil)
    fireEvent.change(screen.getByLabelText('Valid until (India time)'), { target: { value: values.validUntil } });
  if (values.email) await user.type(screen.getByLabelText('Contact e-mail (optional)'), values.email);
  if (values.weight) await user.type(screen.getByLabelText('Weight'), values.weight);
}

const VALID = {
  name: 'Sona Masoori Rice',
  phone: '+91 98765-43210',
  price: '1200',
  description: 'Aged one year.',
  validUntil: '2030-06-01T18:30',
};

async function submitAndReadPopup(): Promise<{ title: string; text: string }> {
  await userEvent.click(screen.getByRole('button', { name: 'Post Product' }));
  const dialog = await screen.findByRole('dialog');
  const title = within(dialog).getByRole('heading').textContent ?? '';
  const text = dialog.querySelector('[id]:not(h2)')?.textContent ?? dialog.textContent ?? '';
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  return { title, text };
}

async function openSellPage(answers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ [routeKey('getUserId')]: { body: { userId: 3, role: 'user' } }, ...answers });
  const app = renderApp('/SellPage', { identity: seller() });
  await screen.findByRole('button', { name: 'Post Product' });
  return { ...api, ...app };
}

describe('sell form', () => {
  it('asks a visitor to sign in instead of showing the form', async () => {
    stubApi({});
    renderApp('/SellPage');
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to sell a product.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post Product' })).not.toBeInTheDocument();
  });

  it("shows the spec's popups in order and sends nothing until the form is right", async () => {
    const { calls } = await openSellPage();

    expect(await submitAndReadPopup()).toMatchObject({ title: 'Missing Name' });
    await fill({ name: VALID.name });
    expect((await submitAndReadPopup()).title).toBe('Invalid Phone Number');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    await fill({ phone: '5876543210' });
    expect((await submitAndReadPopup()).title).toBe('Invalid Phone Number');
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await fill({ phone: VALID.phone });
    expect((await submitAndReadPopup()).title).toBe('Invalid Price');
    await fill({ price: VALID.price });
    expect((await submitAndReadPopup()).title).toBe('Missing Description');
    await fill({ description: VALID.description });
    expect((await submitAndReadPopup()).title).toBe('Missing Validity Date');
    await fill({ validUntil: VALID.validUntil });
    expect((await submitAndReadPopup()).title).toBe('No Images');
    pick(image('rice.jpg'));
    await fill({ weight: '0' });
    expect((await submitAndReadPopup()).title).toBe('Invalid Weight');
    await userEvent.clear(screen.getByLabelText('Weight'));
    await fill({ email: 'not-an-address' });
    expect(await submitAndReadPopup()).toEqual({ title: 'Invalid Email', text: 'Invalid email address format.' });

    expect(calls.filter((call) => call.route === 'postProduct')).toHaveLength(0);
  });

  it("refuses a file over 5 MB ('Invalid File Size') and more than 4 photos ('Upload Limit Reached')", async () => {
    await openSellPage();
    pick(image('huge.jpg', 5 * MB + 1), image('a.jpg'));
    const sizeDialog = await screen.findByRole('dialog', { name: 'Invalid File Size' });
    expect(sizeDialog).toHaveTextContent('huge.jpg must be under 5MB');
    await userEvent.click(within(sizeDialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByText('1 of 4 photos')).toBeInTheDocument();

    pick(image('b.jpg'), image('c.jpg'), image('d.jpg'), image('e.jpg'));
    const limitDialog = await screen.findByRole('dialog', { name: 'Upload Limit Reached' });
    expect(limitDialog).toHaveTextContent('Maximum 4 images allowed.');
    await userEvent.click(within(limitDialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByText('4 of 4 photos')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Chosen photos' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    expect(screen.queryByRole('button', { name: 'Add more' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(screen.getByText('3 of 4 photos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add more' })).toBeInTheDocument();
  });

  it('posts the multipart form (kg x 1000, India time, digits of the phone, one request id) and goes to /profilepage', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const { calls, router } = await openSellPage({
      [routeKey('postProduct')]: () => new Promise((resolve) => (answer = resolve)),
    });
    await fill({ ...VALID, email: 'farm@example.in', weight: '2.5' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Weight unit' }), 'kg');
    pick(image('rice.jpg'));

    await userEvent.click(screen.getByRole('button', { name: 'Post Product' }));
    const busy = await screen.findByRole('button', { name: 'Posting…' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);

    const posts = calls.filter((call) => call.route === 'postProduct');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.init!.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      name: 'Sona Masoori Rice',
      price: '1200',
      description: 'Aged one year.',
      validUntil: '2030-06-01 18:30:00',
      uid: 'uid-seller',
      sellerPhone: '9876543210',
      sellerEmail: 'farm@example.in',
      weight: '2500',
      existingImages: '[]',
      removedImages: '[]',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((body.getAll('images') as File[]).map((file) => file.name)).toEqual(['rice.jpg']);
    expect(new Headers(posts[0]!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-seller');

    answer({ status: 201, body: { message: 'Product created', product: { id: 99 } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profilepage'));
  });

  it("takes 'Stock (packs)': empty is unlimited, anything but a whole number 0 to 1,00,000 gets 'Invalid Stock'", async () => {
    const { calls } = await openSellPage({
      [routeKey('postProduct')]: { status: 201, body: { message: 'Product created', product: { id: 99 } } },
    });
    const stock = screen.getByLabelText('Stock (packs)');
    expect(stock).toHaveValue('');
    expect(stock).toHaveAccessibleDescription(
      "How many packs you can sell. Leave it empty for unlimited. Buyers see 'Only N left' from 5 packs, and 'Sold out' at 0.",
    );
    await fill(VALID);
    pick(image('rice.jpg'));

    for (const wrong of ['ten', '2.5', '100001', '-3']) {
      await userEvent.clear(stock);
      await userEvent.type(stock, wrong);
      expect(await submitAndReadPopup()).toEqual({
        title: 'Invalid Stock',
        text: 'Stock must be a whole number from 0 to 1,00,000, or empty for unlimited.',
      });
      expect(stock).toHaveFocus();
    }
    expect(calls.filter((call) => call.route === 'postProduct')).toHaveLength(0);

    await userEvent.clear(stock);
    await userEvent.type(stock, ' 40 ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Product' }));
    await waitFor(() => expect(calls.filter((call) => call.route === 'postProduct')).toHaveLength(1));
    expect((calls.find((call) => call.route === 'postProduct')!.init!.body as FormData).get('stock')).toBe('40');
  });

  it("shows the server's message as 'Submission Error' and sends the same request id again on retry", async () => {
    const { calls } = await openSellPage({
      [routeKey('postProduct')]: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Price must be greater than 0.' },
      },
    });
    await fill(VALID);
    pick(image('rice.jpg'));

    expect(await submitAndReadPopup()).toEqual({ title: 'Submission Error', text: 'Price must be greater than 0.' });
    await submitAndReadPopup();
    const ids = calls
      .filter((call) => call.route === 'postProduct')
      .map((call) => (call.init!.body as FormData).get('requestId'));
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('edit form', () => {
  const saved = {
    id: 12,
    uid: 'uid-seller',
    name: 'Turmeric Powder',
    price: 180,
    description: 'Lakadong turmeric.',
    validUntil: '2030-01-15 09:00:00',
    images: ['/files/products/12/a.jpg', '/files/products/12/b.jpg'],
    sellerPhone: '9876543210',
    sellerEmail: null,
    weight: 2000,
    length: 10,
    width: null,
    height: null,
    official_brand: 0,
  };

  it('fills the form from the product and sends kept, removed and new images with PUT', async () => {
    const { calls, router } = {
      ...stubApi({
        [routeKey('getUserId')]: { body: { userId: 3, role: 'user' } },
        [routeKey('productById', { params: { id: 12 } })]: { body: saved },
        [routeKey('editProduct', { params: { id: 12 } })]: { body: { message: 'Product updated', product: saved } },
      }),
      ...renderApp('/edit-product/12', { identity: seller() }),
    };

    expect(await screen.findByLabelText('Product name')).toHaveValue('Turmeric Powder');
    expect(screen.getByLabelText('Valid until (India time)')).toHaveValue('2030-01-15T09:00');
    expect(screen.getByLabelText('Weight')).toHaveValue(2);
    expect(screen.getByRole('combobox', { name: 'Weight unit' })).toHaveValue('kg');
    expect(screen.getByLabelText('Length (cm)')).toHaveValue(10);

    await userEvent.click(screen.getByRole('button', { name: 'Remove saved photo 1' }));
    pick(image('new.jpg'), image('new2.jpg'), image('new3.jpg'), image('new4.jpg'));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Upload Limit Reached' })).getByRole('button', { name: 'OK' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profilepage'));
    const put = calls.find((call) => call.method === 'PUT')!;
    const body = put.init!.body as FormData;
    expect(body.get('existingImages')).toBe('["/files/products/12/b.jpg"]');
    expect(body.get('removedImages')).toBe('["/files/products/12/a.jpg"]');
    expect((body.getAll('newImages') as File[]).map((file) => file.name)).toEqual(['new.jpg', 'new2.jpg', 'new3.jpg']);
    expect(body.get('weight')).toBe('2000');
    expect(body.get('validUntil')).toBe('2030-01-15 09:00:00');
  });

  it('fills in the stock, and sends it empty (unlimited) when the seller clears it', async () => {
    const { calls, router } = {
      ...stubApi({
        [routeKey('getUserId')]: { body: { userId: 3, role: 'user' } },
        [routeKey('productById', { params: { id: 12 } })]: { body: { ...saved, stock: 4 } },
        [routeKey('editProduct', { params: { id: 12 } })]: { body: { message: 'Product updated', product: saved } },
      }),
      ...renderApp('/edit-product/12', { identity: seller() }),
    };
    const stock = await screen.findByLabelText('Stock (packs)');
    expect(stock).toHaveValue('4');
    await userEvent.clear(stock);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profilepage'));
    const body = calls.find((call) => call.method === 'PUT')!.init!.body as FormData;
    expect(body.get('stock')).toBe('');
  });

  it('keeps a sold-out product at 0 when the seller saves other changes', async () => {
    const { calls, router } = {
      ...stubApi({
        [routeKey('getUserId')]: { body: { userId: 3, role: 'user' } },
        [routeKey('productById', { params: { id: 12 } })]: { body: { ...saved, stock: 0 } },
        [routeKey('editProduct', { params: { id: 12 } })]: { body: { message: 'Product updated', product: saved } },
      }),
      ...renderApp('/edit-product/12', { identity: seller() }),
    };
    expect(await screen.findByLabelText('Stock (packs)')).toHaveValue('0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profilepage'));
    expect((calls.find((call) => call.method === 'PUT')!.init!.body as FormData).get('stock')).toBe('0');
  });

  it("refuses to edit someone else's product", async () => {
    stubApi({
      [routeKey('getUserId')]: { body: { userId: 3, role: 'user' } },
      [routeKey('productById', { params: { id: 12 } })]: { body: { ...saved, uid: 'someone-else' } },
    });
    renderApp('/edit-product/12', { identity: seller() });
    expect(await screen.findByRole('heading', { name: 'This product is not yours' })).toBeInTheDocument();
  });
});
