import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer, buyerAnswers, nashikOffices, savedAddress, tamatar } from '../test/checkout-fixtures';
import { renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

/** Checkout of product 7 for the buyer (userId 5) with `book` as their addresses; opens 'Add New Address'. */
async function openAddressForm(answers: Answers, book: unknown[] | (() => unknown[]) = []) {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('productById', { params: { id: 7 } })]: { body: tamatar },
    [routeKey('addressesOfUser', { params: { userId: 5 } })]: () => ({
      body: typeof book === 'function' ? book() : book,
    }),
    ...answers,
  });
  const view = renderApp('/product-checkout/7', { identity: buyer() });
  const add = await screen.findByRole('button', { name: 'Add New Address' });
  await waitFor(() => expect(add).toBeEnabled());
  await userEvent.click(add);
  const dialog = await screen.findByRole('dialog', { name: 'Add New Address' });
  return { ...api, ...view, dialog, add };
}

const errorBody = (statusCode: number, message: string, fields?: Record<string, string>) => ({
  status: statusCode,
  body: {
    statusCode,
    error: statusCode === 400 ? 'Bad Request' : 'Internal Server Error',
    message,
    ...(fields ? { fields } : {}),
  },
});

async function fillPersonAndStreet(dialog: HTMLElement) {
  const form = within(dialog);
  await userEvent.type(form.getByLabelText('Full Name'), 'Asha Patil');
  await userEvent.type(form.getByLabelText('Mobile Number'), '9876543210');
  await userEvent.type(form.getByLabelText('Flat, House no., Building'), 'Flat 4, Shanti Apartments');
  await userEvent.type(form.getByLabelText('Area, Street, Village'), 'Gangapur Road');
  await userEvent.type(form.getByLabelText('Landmark'), 'Opposite the bus stand');
}

describe('address modal', () => {
  it('fills State, District and Taluk from the PIN code lookup, suggests the area, and saves the new address', async () => {
    let saved = false;
    let answerLookup!: (answer: { body: unknown }) => void;
    const lookup = new Promise<{ body: unknown }>((resolve) => (answerLookup = resolve));
    const created = savedAddress(11, 'Asha Patil', {
      pincode: '422013',
      area_or_street_or_village: 'Gangapur Road',
      landmark: 'Opposite the bus stand',
      is_default: 1,
    });
    const { dialog, calls, add } = await openAddressForm(
      {
        [routeKey('pincodeLookup', { params: { pincode: 422013 } })]: () => lookup,
        [routeKey('createAddress')]: () => {
          saved = true;
          return { status: 201, body: created };
        },
      },
      () => (saved ? [created] : []),
    );
    const form = within(dialog);
    expect(form.getByLabelText('Full Name')).toHaveFocus();
    expect(form.getByRole('checkbox', { name: 'Default address' })).toBeChecked(); // the first address is the default

    await userEvent.type(form.getByLabelText('Pincode'), '422013');
    // The lookup runs as soon as 6 digits are typed; the button shows it is filling.
    expect(await form.findByRole('button', { name: 'Fetching…' })).toBeDisabled();
    answerLookup({ body: nashikOffices });
    expect(await form.findByRole('button', { name: 'Get Address' })).toBeEnabled();
    expect(form.getByLabelText('State')).toHaveValue('Maharashtra');
    expect(form.getByLabelText('District')).toHaveValue('Nashik');
    expect(form.getByLabelText('Taluk')).toHaveValue('Nashik');
    const suggestions = Array.from(dialog.querySelectorAll('datalist option')).map((option) =>
      option.getAttribute('value'),
    );
    expect(suggestions).toEqual(['Gangapur Road', 'College Road']);

    await fillPersonAndStreet(dialog);
    await userEvent.click(form.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Address' })).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST' && call.url === routeUrl('createAddress'))!;
    expect(JSON.parse(String(post.init!.body))).toEqual({
      name: 'Asha Patil',
      mobile: '9876543210',
      pincode: '422013',
      state: 'Maharashtra',
      district: 'Nashik',
      taluk: 'Nashik',
      flat_house_building: 'Flat 4, Shanti Apartments',
      area_or_street_or_village: 'Gangapur Road',
      landmark: 'Opposite the bus stand',
      is_default: 1,
      user_id: '5',
    });
    expect(await screen.findByRole('region', { name: 'Delivery Address' })).toHaveTextContent('Asha Patil');
    expect(add).toHaveFocus();
  });

  it("fills from 'Get Address' too, and blocks an unverified PIN code with the spec's popup", async () => {
    const { dialog, calls } = await openAddressForm({
      [routeKey('pincodeLookup', { params: { pincode: 999999 } })]: { body: { Status: 'Error', PostOffice: null } },
      [routeKey('pincodeLookup', { params: { pincode: 422013 } })]: { body: nashikOffices },
    });
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Pincode'), '999999');
    expect(await form.findByText('No address found for this PIN code.')).toBeInTheDocument();
    expect(form.getByLabelText('Pincode')).toHaveAttribute('aria-invalid', 'true');

    // Typed by hand, the fields are complete, but the PIN code was never found: nothing is sent.
    await fillPersonAndStreet(dialog);
    await userEvent.type(form.getByLabelText('State'), 'Maharashtra');
    await userEvent.type(form.getByLabelText('District'), 'Nashik');
    await userEvent.type(form.getByLabelText('Taluk'), 'Nashik');
    await userEvent.click(form.getByRole('button', { name: 'Save Address' }));
    const popup = await screen.findByRole('dialog', { name: 'Pincode not verified' });
    expect(popup).toHaveAccessibleDescription(
      "Please click 'Get Address' and fetch a valid address before submitting.",
    );
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(form.getByRole('button', { name: 'Get Address' })).toHaveFocus();
    expect(calls.filter((call) => call.url === routeUrl('createAddress'))).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Pincode'));
    await userEvent.click(form.getByRole('button', { name: 'Get Address' }));
    expect(await form.findByText('Enter a valid 6-digit Indian PIN code')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Pincode'), '422013');
    await waitFor(() => expect(form.getByLabelText('State')).toHaveValue('Maharashtra'));
  });

  it('shows the rules of the address fields under each field, and takes only digits for mobile and PIN code', async () => {
    const { dialog, calls } = await openAddressForm({});
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Mobile Number'), 'ab98-765 4321099');
    expect(form.getByLabelText('Mobile Number')).toHaveValue('9876543210');
    await userEvent.clear(form.getByLabelText('Mobile Number'));
    await userEvent.type(form.getByLabelText('Mobile Number'), '5876543210');
    await userEvent.type(form.getByLabelText('Pincode'), '42a2');
    expect(form.getByLabelText('Pincode')).toHaveValue('422');

    await userEvent.click(form.getByRole('button', { name: 'Save Address' }));
    expect(await form.findByText('Full Name is required')).toBeInTheDocument();
    expect(form.getByLabelText('Full Name')).toHaveAccessibleDescription('Full Name is required');
    expect(form.getByLabelText('Full Name')).toHaveFocus();
    expect(form.getByLabelText('Mobile Number')).toHaveAccessibleDescription(
      'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
    );
    expect(form.getByText('Enter a valid 6-digit Indian PIN code')).toBeInTheDocument();
    for (const text of [
      'State is required',
      'District is required',
      'Taluk is required',
      'Flat, House no., Building is required',
      'Area, Street, Village is required',
      'Landmark is required',
    ]) {
      expect(form.getByText(text)).toBeInTheDocument();
    }
    expect(form.getByLabelText('Full Name')).toHaveAttribute('maxlength', '50');
    expect(form.getByLabelText('Flat, House no., Building')).toHaveAttribute('maxlength', '255');
    expect(form.getByLabelText('Landmark')).toHaveAttribute('maxlength', '200');
    expect(calls.filter((call) => call.url === routeUrl('createAddress'))).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Full Name'), 'A');
    expect(form.queryByText('Full Name is required')).not.toBeInTheDocument();
  });

  async function submitValid(answers: Answers, book: unknown[] = []) {
    const opened = await openAddressForm(
      { [routeKey('pincodeLookup', { params: { pincode: 422013 } })]: { body: nashikOffices }, ...answers },
      book,
    );
    const form = within(opened.dialog);
    await userEvent.type(form.getByLabelText('Pincode'), '422013');
    await waitFor(() => expect(form.getByLabelText('State')).toHaveValue('Maharashtra'));
    await fillPersonAndStreet(opened.dialog);
    await userEvent.click(form.getByRole('button', { name: 'Save Address' }));
    return opened;
  }

  it("shows the server's 10-address limit as its popup", async () => {
    const { dialog } = await submitValid({
      [routeKey('createAddress')]: errorBody(
        400,
        'Maximum Addresses Reached: You can only save up to 10 active addresses.',
      ),
    });
    const popup = await screen.findByRole('dialog', { name: 'Maximum Addresses Reached' });
    expect(popup).toHaveAccessibleDescription('You can only save up to 10 active addresses.');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(dialog).toBeInTheDocument();
  });

  it('says so at once when 10 addresses are already saved', async () => {
    const ten = Array.from({ length: 10 }, (_, index) =>
      savedAddress(index + 1, `Person ${index + 1}`, { is_default: index === 0 ? 1 : 0 }),
    );
    stubApi({
      ...buyerAnswers,
      [routeKey('productById', { params: { id: 7 } })]: { body: tamatar },
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: ten },
    });
    renderApp('/product-checkout/7', { identity: buyer() });
    await within(await screen.findByRole('region', { name: 'Delivery Address' })).findByText('Person 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add New Address' }));
    expect(await screen.findByRole('dialog', { name: 'Maximum Addresses Reached' })).toHaveAccessibleDescription(
      'You can only save up to 10 active addresses.',
    );
    expect(screen.queryByRole('dialog', { name: 'Add New Address' })).not.toBeInTheDocument();
  });

  it("puts the server's field messages under their fields", async () => {
    const { dialog } = await submitValid({
      [routeKey('createAddress')]: errorBody(
        400,
        'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
        {
          mobile: 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
        },
      ),
    });
    expect(
      await within(dialog).findByText('Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mobile Number')).toHaveFocus();
  });

  it('says the address could not be saved when the network fails, and keeps what was typed', async () => {
    const { dialog } = await submitValid({
      [routeKey('createAddress')]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not save the address. Please try again.');
    expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Asha Patil');
  });

  it('edits the shown address with its saved values, and Escape closes the modal', async () => {
    const asha = savedAddress(2, 'Asha Patil', { is_default: 1, pincode: '422013' });
    const { calls } = stubApi({
      ...buyerAnswers,
      [routeKey('productById', { params: { id: 7 } })]: { body: tamatar },
      [routeKey('addressesOfUser', { params: { userId: 5 } })]: { body: [asha] },
      [routeKey('pincodeLookup', { params: { pincode: 422013 } })]: { body: nashikOffices },
      [routeKey('updateAddress', { params: { id: 2 } })]: { body: { ...asha, landmark: 'Near the temple' } },
    });
    renderApp('/product-checkout/7', { identity: buyer() });
    await within(await screen.findByRole('region', { name: 'Delivery Address' })).findByText('Asha Patil');

    const edit = screen.getByRole('button', { name: 'Edit Address' });
    await userEvent.click(edit);
    let dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Asha Patil');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit Address' })).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await userEvent.click(edit);
    dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    const form = within(dialog);
    expect(form.getByLabelText('Pincode')).toHaveValue('422013');
    expect(form.getByLabelText('Taluk')).toHaveValue('Nashik');
    expect(form.getByRole('checkbox', { name: 'Default address' })).toBeChecked();
    await userEvent.clear(form.getByLabelText('Landmark'));
    await userEvent.type(form.getByLabelText('Landmark'), 'Near the temple');
    // The saved PIN code is checked again in the background, so the unchanged address can be saved.
    await waitFor(() =>
      expect(calls.some((call) => call.url === routeUrl('pincodeLookup', { params: { pincode: 422013 } }))).toBe(true),
    );
    await userEvent.click(form.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Address' })).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(String(put.init!.body))).toMatchObject({
      name: 'Asha Patil',
      landmark: 'Near the temple',
      pincode: '422013',
      is_default: 1,
    });
  });
});
