import { routeKey, routeUrl } from '@mandi/contracts/client';
import type { SellerDashboard, SellerProfile } from '@mandi/contracts';
import {
  ADDRESS_MESSAGES,
  SELLER_PROFILE_MESSAGES as M,
  WRITE_LIMIT_MESSAGES,
  gstinCheckCharacter,
} from '@mandi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer as signedIn, buyerAnswers, nashikOffices } from '../test/checkout-fixtures';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

const PROFILE = routeKey('sellerProfile', { params: { uid: 'uid-me' } });
const SAVE = routeKey('saveSellerProfile', { params: { uid: 'uid-me' } });
const GSTIN = `27ABCPE1234F1Z${gstinCheckCharacter('27ABCPE1234F1Z')}`;

const dashboard = (uid = 'uid-me', username = 'ravi_farms'): SellerDashboard => ({
  seller: { uid, username },
  sales: {
    today: { amount: 0, orders: 0, packs: 0 },
    last_7_days: { amount: 0, orders: 0, packs: 0 },
    last_30_days: { amount: 0, orders: 0, packs: 0 },
  },
  counted_statuses: ['pending', 'confirmed', 'shipped', 'delivered'],
  products: [],
});

const pickup = {
  name: 'Ravi Patil',
  mobile: '9876543210',
  state: 'Maharashtra',
  district: 'Nashik',
  taluk: 'Nashik',
  flat_house_building: 'Gat 42, Patil Wadi',
  area_or_street_or_village: 'Gangapur Road',
  landmark: 'Near the Hanuman temple',
  pincode: '422013',
};

function profile(change: Partial<SellerProfile> = {}): SellerProfile {
  return {
    uid: 'uid-me',
    legal_name: 'Ravi Patil',
    business_kind: 'proprietor',
    pan: 'ABCPE1234F',
    gstin: GSTIN,
    fssai_number: '21226008000123',
    pickup_address: pickup,
    bank_account_holder: 'Ravi Patil',
    bank_account_number: '123456789012',
    ifsc: 'SBIN0001234',
    bank_name: 'State Bank of India',
    status: 'pending',
    rejection_reason: null,
    // 19:30 UTC is already 5 March in India.
    submitted_at: '2026-03-04T19:30:00.000Z',
    reviewed_at: null,
    masked: false,
    ...change,
  };
}

const refusal = (status: number, message: string, fields?: Record<string, string>) => ({
  status,
  body: {
    statusCode: status,
    error: status === 400 ? 'Bad Request' : 'Too Many Requests',
    message,
    ...(fields ? { fields } : {}),
  },
});

/** The signed-in seller's dashboard, with `answers` for the profile and its calls. */
function openDashboard(answers: Answers, { language = 'en' as 'en' | 'hi' } = {}) {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard() },
    [routeKey('sellerOrders', { params: { uid: 'uid-me' }, query: { status: 'all', period: 'all', page: 1 } })]: {
      body: { orders: [], total: 0, page: 1, per_page: 20 },
    },
    [routeKey('pincodeLookup', { params: { pincode: 422013 } })]: { body: nashikOffices },
    ...answers,
  });
  return { ...api, ...renderApp('/seller-dashboard', { identity: signedIn(), language }) };
}

const panel = () => screen.findByRole('region', { name: 'Business profile' });

/** Puts `text` in a field at once, as a paste does. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** Opens the form from the panel's button and waits for it (it is loaded on demand). */
async function openForm(button: string) {
  const region = await panel();
  await userEvent.click(await within(region).findByRole('button', { name: button }));
  await within(region).findByLabelText('Legal name');
  return within(region);
}

const sent = (calls: ReturnType<typeof stubApi>['calls']) =>
  calls.filter(
    (call) => call.method === 'PUT' && call.url === routeUrl('saveSellerProfile', { params: { uid: 'uid-me' } }),
  );

describe('the business profile on the seller dashboard', () => {
  it('asks a seller without a profile to fill it in, and sends the whole form, tidied, for review', async () => {
    const { calls } = openDashboard({
      [routeKey('ifscLookup', { params: { ifsc: 'SBIN0001234' } })]: {
        body: { ifsc: 'SBIN0001234', bank_name: 'State Bank of India' },
      },
      [SAVE]: (init) => ({ body: { ...profile(JSON.parse(String(init!.body))), bank_name: 'State Bank of India' } }),
    });
    const region = await panel();
    expect(
      await within(region).findByText(
        'Fill in your business profile so Mandi can verify you: approved sellers ship their own orders, invoice in their own name and get paid.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText('Not filled in')).toBeInTheDocument();

    const form = await openForm('Fill in the business profile');
    expect(form.getByLabelText('Legal name')).toHaveFocus();
    expect(form.getByLabelText('Kind of business')).toHaveDisplayValue('Individual farmer');
    expect(form.getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['individual_farmer', 'Individual farmer'],
      ['farmer_producer_organisation', 'Farmer producer organisation (FPO)'],
      ['proprietor', 'Sole proprietor'],
      ['company', 'Company or LLP'],
    ]);
    // An individual farmer needs no FSSAI number; any other kind of business does.
    expect(form.getByLabelText('FSSAI licence or registration number (optional)')).not.toBeRequired();
    expect(form.getByLabelText('GSTIN (optional)')).toHaveAccessibleDescription(
      'Leave empty if not registered under GST.',
    );

    // Each field in one change, as a paste (typing key by key is the IFSC test's).
    await fill(form.getByLabelText('Legal name'), 'Ravi Patil');
    // A PAN pasted as printed, 11 characters with its space, is tidied before it is held to 10.
    await fill(form.getByLabelText('PAN'), 'abcpe 1234f');
    expect(form.getByLabelText('PAN')).toHaveValue('ABCPE1234F');
    await fill(form.getByLabelText('Full Name'), 'Ravi Patil');
    await fill(form.getByLabelText('Mobile Number'), '9876543210');
    await fill(form.getByLabelText('Pincode'), '422013');
    // The address form's lookup fills State, District and Taluk.
    await waitFor(() => expect(form.getByLabelText('State')).toHaveValue('Maharashtra'));
    expect(form.getByLabelText('District')).toHaveValue('Nashik');
    expect(form.getByLabelText('Taluk')).toHaveValue('Nashik');
    await fill(form.getByLabelText('Flat, House no., Building'), 'Gat 42, Patil Wadi ');
    await fill(form.getByLabelText('Area, Street, Village'), 'Gangapur Road');
    await fill(form.getByLabelText('Landmark'), 'Near the Hanuman temple');
    await fill(form.getByLabelText('Account holder name'), ' Ravi Patil');
    await fill(form.getByLabelText('Account number'), '1234 5678 9012');
    expect(form.getByLabelText('Account number')).toHaveValue('123456789012');
    await fill(form.getByLabelText('IFSC'), 'sbin0001234');
    expect(await form.findByText('✓ State Bank of India')).toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Send for review' }));

    expect(await within(region).findByText('Waiting for Mandi’s review since 5 Mar 2026.')).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('Your business profile was sent for review.');
    expect(within(region).getByRole('button', { name: 'Change the profile' })).toHaveFocus();
    expect(within(region).queryByLabelText('Legal name')).not.toBeInTheDocument();
    expect(sent(calls)).toHaveLength(1);
    expect(JSON.parse(String(sent(calls)[0]!.init!.body))).toEqual({
      legal_name: 'Ravi Patil',
      business_kind: 'individual_farmer',
      pan: 'ABCPE1234F',
      gstin: '',
      fssai_number: '',
      pickup_address: pickup,
      bank_account_holder: 'Ravi Patil',
      bank_account_number: '123456789012',
      ifsc: 'SBIN0001234',
    });
    expect(new Headers(sent(calls)[0]!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
  });

  it('loads the saved profile into the form, with its bank named without a lookup', async () => {
    const { calls } = openDashboard({ [PROFILE]: { body: profile() } });
    const form = await openForm('Change the profile');

    expect(form.getByLabelText('Legal name')).toHaveValue('Ravi Patil');
    expect(form.getByLabelText('Kind of business')).toHaveDisplayValue('Sole proprietor');
    expect(form.getByLabelText('PAN')).toHaveValue('ABCPE1234F');
    expect(form.getByLabelText('GSTIN (optional)')).toHaveValue(GSTIN);
    expect(form.getByLabelText('FSSAI licence or registration number')).toHaveValue('21226008000123');
    expect(form.getByLabelText('FSSAI licence or registration number')).toBeRequired();
    expect(form.getByLabelText('Full Name')).toHaveValue('Ravi Patil');
    expect(form.getByLabelText('Pincode')).toHaveValue('422013');
    expect(form.getByLabelText('Landmark')).toHaveValue('Near the Hanuman temple');
    expect(form.getByLabelText('Account number')).toHaveValue('123456789012');
    expect(form.getByLabelText('IFSC')).toHaveValue('SBIN0001234');
    expect(form.getByLabelText('IFSC')).toHaveAccessibleDescription('✓ State Bank of India');
    // The saved PIN code is checked again quietly (for its area suggestions); the saved IFSC is not looked up.
    expect(await form.findByText('✓ Nashik, Maharashtra')).toBeInTheDocument();
    expect(calls.some((call) => call.route === 'ifscLookup')).toBe(false);

    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(form.queryByLabelText('Legal name')).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Change the profile' })).toHaveFocus();
  });

  it.each([
    [
      'pending',
      profile(),
      'Waiting for review',
      ['Waiting for Mandi’s review since 5 Mar 2026.'],
      'Change the profile',
    ],
    [
      'approved',
      profile({ status: 'approved', reviewed_at: '2026-03-06T05:00:00.000Z' }),
      'Verified',
      ['Verified by Mandi on 6 Mar 2026.'],
      'Change the profile',
    ],
    [
      'rejected',
      profile({
        status: 'rejected',
        reviewed_at: '2026-03-06T05:00:00.000Z',
        rejection_reason: 'The legal name is not the one on the PAN card.',
      }),
      'Not approved',
      [
        'Mandi did not approve this profile on 6 Mar 2026:',
        'The legal name is not the one on the PAN card.',
        'Correct the profile and send it again.',
      ],
      'Correct the profile',
    ],
  ] as const)('says where a %s profile stands above the form', async (_status, answer, badge, lines, button) => {
    openDashboard({ [PROFILE]: { body: answer } });
    const region = await panel();
    expect(await within(region).findByText(badge)).toBeInTheDocument();
    for (const line of lines) expect(within(region).getByText(line)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: button })).toBeEnabled();
    // The details as sent, folded under the button.
    await userEvent.click(within(region).getByText('Profile details'));
    expect(within(region).getByText('Sole proprietor')).toBeVisible();
    expect(within(region).getByText('Gat 42, Patil Wadi, Gangapur Road, Near the Hanuman temple')).toBeVisible();
  });

  it('says next to the button that sending an approved profile puts it in review again', async () => {
    openDashboard({ [PROFILE]: { body: profile({ status: 'approved', reviewed_at: '2026-03-06T05:00:00.000Z' }) } });
    const form = await openForm('Change the profile');
    expect(form.getByRole('button', { name: 'Send for review' })).toHaveAccessibleDescription(
      'Your profile is verified. Sending changes puts it back in Mandi’s review until it is approved again.',
    );
  });

  it('checks the rules before sending, naming each problem under its field and focusing the first', async () => {
    const { calls } = openDashboard({});
    const form = await openForm('Fill in the business profile');
    await userEvent.selectOptions(form.getByLabelText('Kind of business'), 'Company or LLP');
    await userEvent.type(form.getByLabelText('PAN'), 'ABCPE1234F');
    await userEvent.click(form.getByRole('button', { name: 'Send for review' }));

    expect(form.getByLabelText('Legal name')).toHaveFocus();
    expect(form.getByLabelText('Legal name')).toHaveAccessibleDescription(`As on the PAN card. ${M.legalNameRequired}`);
    expect(form.getByText(M.panHolderMismatch)).toBeInTheDocument();
    expect(form.getByText(M.fssaiRequired)).toBeInTheDocument();
    expect(form.getByText(ADDRESS_MESSAGES.invalidPincode)).toBeInTheDocument();
    expect(form.getByText(M.holderRequired)).toBeInTheDocument();
    expect(form.getByText(M.bankAccountInvalid)).toBeInTheDocument();
    expect(form.getByText(M.ifscInvalid)).toBeInTheDocument();
    expect(sent(calls)).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Legal name'), 'R');
    expect(form.queryByText(M.legalNameRequired)).not.toBeInTheDocument();
  });

  it('shows a 400’s field texts under their fields, a pickup address one too, and focuses the first', async () => {
    const { calls } = openDashboard({
      [PROFILE]: { body: profile() },
      [SAVE]: refusal(400, M.gstinStateMismatch, {
        gstin: M.gstinStateMismatch,
        'pickup_address.pincode': ADDRESS_MESSAGES.pincodeNotFound,
        bank_account_number: M.bankAccountInvalid,
      }),
    });
    const form = await openForm('Change the profile');
    await form.findByText('✓ Nashik, Maharashtra');
    await userEvent.click(form.getByRole('button', { name: 'Send for review' }));

    await waitFor(() => expect(form.getByLabelText('GSTIN (optional)')).toHaveFocus());
    expect(form.getByLabelText('GSTIN (optional)')).toHaveAccessibleDescription(
      `Leave empty if not registered under GST. ${M.gstinStateMismatch}`,
    );
    expect(form.getByLabelText('GSTIN (optional)')).toHaveAttribute('aria-invalid', 'true');
    // The pincode's lookup status (empty now) is part of its description too.
    expect(form.getByLabelText('Pincode')).toHaveAccessibleDescription(/^No address found for this PIN code\.\s*$/);
    expect(form.getByLabelText('Account number')).toHaveAccessibleDescription(M.bankAccountInvalid);
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(JSON.parse(String(sent(calls)[0]!.init!.body))).toMatchObject({
      gstin: GSTIN,
      fssai_number: '21226008000123',
    });

    // Changing a field takes its text away.
    await userEvent.type(form.getByLabelText('Account number'), '3');
    expect(form.getByLabelText('Account number')).not.toHaveAccessibleDescription(M.bankAccountInvalid);
  });

  it('shows the refusals in Hindi on the Hindi page', async () => {
    openDashboard(
      {
        [PROFILE]: { body: profile() },
        [SAVE]: refusal(400, M.gstinStateMismatch, {
          gstin: M.gstinStateMismatch,
          'pickup_address.pincode': ADDRESS_MESSAGES.pincodeNotFound,
        }),
      },
      { language: 'hi' },
    );
    const region = await screen.findByRole('region', { name: 'व्यवसाय की प्रोफ़ाइल' });
    expect(await within(region).findByText('5 मार्च 2026 से मंडी की जाँच का इंतज़ार है।')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'प्रोफ़ाइल बदलें' }));
    await userEvent.click(await within(region).findByRole('button', { name: 'जाँच के लिए भेजें' }));
    expect(await within(region).findByText('GSTIN पिकअप के पते वाले राज्य में रजिस्टर्ड होना चाहिए')).toBeInTheDocument();
    expect(within(region).getByLabelText('पिन कोड')).toHaveAccessibleDescription(
      /^इस पिन कोड का कोई पता नहीं मिला।\s*$/,
    );
  });

  it('names the bank of an IFSC as it is typed, or says that no branch has it', async () => {
    const { calls } = openDashboard({
      [routeKey('ifscLookup', { params: { ifsc: 'HDFC0001234' } })]: {
        body: { ifsc: 'HDFC0001234', bank_name: 'HDFC Bank' },
      },
      [routeKey('ifscLookup', { params: { ifsc: 'ABCD0999999' } })]: refusal(404, M.ifscUnknown),
    });
    const form = await openForm('Fill in the business profile');
    const ifsc = form.getByLabelText('IFSC');

    await userEvent.type(ifsc, 'hdfc000123');
    expect(calls.some((call) => call.route === 'ifscLookup')).toBe(false); // 10 characters: nothing asked yet
    await userEvent.type(ifsc, '4');
    expect(await form.findByText('✓ HDFC Bank')).toBeInTheDocument();
    expect(ifsc).toHaveAccessibleDescription('✓ HDFC Bank');
    expect(ifsc).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(ifsc);
    await userEvent.type(ifsc, 'ABCD0999999');
    expect(await form.findByText('No bank branch has this IFSC')).toBeInTheDocument();
    expect(ifsc).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(ifsc);
    await userEvent.type(ifsc, 'AB1D0999999');
    expect(form.getByText(M.ifscInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.route === 'ifscLookup').map((call) => call.url)).toEqual([
      routeUrl('ifscLookup', { params: { ifsc: 'HDFC0001234' } }),
      routeUrl('ifscLookup', { params: { ifsc: 'ABCD0999999' } }),
    ]);
  });

  it('shows the message of a 429 above the form, and keeps what was typed', async () => {
    openDashboard({
      [PROFILE]: { body: profile() },
      [SAVE]: refusal(429, WRITE_LIMIT_MESSAGES.tooManySellerProfileWrites),
    });
    const form = await openForm('Change the profile');
    await userEvent.click(form.getByRole('button', { name: 'Send for review' }));
    expect(await form.findByRole('alert')).toHaveTextContent(WRITE_LIMIT_MESSAGES.tooManySellerProfileWrites);
    expect(form.getByLabelText('Legal name')).toHaveValue('Ravi Patil');
  });

  it('says so when the profile cannot be loaded, and loads it again on asking', async () => {
    let failing = true;
    openDashboard({
      [PROFILE]: () => (failing ? refusal(500, 'Internal server error') : { body: profile() }),
    });
    const region = await panel();
    expect(await within(region).findByRole('heading', { name: "We couldn't load the business profile" })).toBeVisible();
    failing = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Waiting for Mandi’s review since 5 Mar 2026.')).toBeInTheDocument();
  });
});

describe('another seller’s business profile, as an admin sees it', () => {
  function openAsAdmin(answer: Answers[string]) {
    const api = stubApi({
      [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } },
      [routeKey('sellerDashboard', { params: { uid: 'uid-ravi' } })]: { body: dashboard('uid-ravi') },
      [routeKey('sellerOrders', { params: { uid: 'uid-ravi' }, query: { status: 'all', period: 'all', page: 1 } })]: {
        body: { orders: [], total: 0, page: 1, per_page: 20 },
      },
      [routeKey('sellerProfile', { params: { uid: 'uid-ravi' } })]: answer,
    });
    renderApp('/seller-dashboard/uid-ravi', {
      identity: fakeIdentity(identityUser('uid-admin', 'admin@mandi.test')),
    });
    return api;
  }

  it('shows the masked profile read-only, with no form', async () => {
    openAsAdmin({
      body: profile({
        uid: 'uid-ravi',
        pan: '******234F',
        gstin: null,
        fssai_number: null,
        bank_account_number: '********9012',
        masked: true,
      }),
    });
    const region = await panel();
    expect(await within(region).findByText('******234F')).toBeVisible();
    expect(within(region).getByText('********9012')).toBeVisible();
    expect(within(region).getByText('Not registered under GST')).toBeVisible();
    expect(within(region).getByText('None given')).toBeVisible();
    expect(within(region).getByText('Sole proprietor')).toBeVisible();
    expect(within(region).getByText('Waiting for Mandi’s review since 5 Mar 2026.')).toBeVisible();
    expect(
      within(region).getByText('PAN, GSTIN and the account number show only their last four characters.'),
    ).toBeVisible();
    expect(within(region).queryAllByRole('button')).toEqual([]);
    expect(within(region).queryAllByRole('textbox')).toEqual([]);
  });

  it('says when the seller has no profile, without offering to fill one in', async () => {
    openAsAdmin(refusal(404, M.profileNotFound));
    const region = await panel();
    expect(await within(region).findByText(M.profileNotFound)).toBeVisible();
    expect(within(region).queryAllByRole('button')).toEqual([]);
  });
});
