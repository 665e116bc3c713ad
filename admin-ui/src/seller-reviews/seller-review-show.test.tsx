import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../test/console';

const UID = 'uid-seller-1';
const params = { params: { uid: UID } };

const profile = (overrides: Record<string, unknown> = {}) => ({
  uid: UID,
  legal_name: 'Kolar Farmers Producer Company',
  business_kind: 'farmer_producer_organisation',
  pan: '******234F',
  gstin: '******F1Z5',
  fssai_number: '21224010001234',
  pickup_address: {
    name: 'Ramesh Gowda',
    mobile: '9123456780',
    pincode: '563101',
    state: 'Karnataka',
    district: 'Kolar',
    taluk: 'Kolar',
    flat_house_building: 'Godown 4, APMC Yard',
    area_or_street_or_village: 'Doddahasala',
    landmark: 'Near the weighbridge',
  },
  bank_account_holder: 'Kolar Farmers Producer Company',
  bank_account_number: '******3456',
  ifsc: 'CNRB0001234',
  bank_name: 'Canara Bank',
  status: 'pending',
  rejection_reason: null,
  submitted_at: '2026-11-25T04:00:00.000Z',
  reviewed_at: null,
  masked: true,
  ...overrides,
});

const PROFILE = routeKey('adminSellerProfile', params);
const APPROVE = routeKey('approveSellerProfile', params);
const REJECT = routeKey('rejectSellerProfile', params);
const PENDING = routeKey('adminSellerProfiles', { query: { status: 'pending' } });
const reads = (calls: { url: string; method: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === routeUrl('adminSellerProfile', params)).length;
const reviews = <T extends { route: string | null }>(calls: T[]) =>
  calls.filter((call) => call.route === 'approveSellerProfile' || call.route === 'rejectSellerProfile');
const notPending = {
  status: 409,
  body: { statusCode: 409, error: 'Conflict', message: 'This profile is not waiting for a review' },
};

describe("a seller's profile page", () => {
  beforeEach(() => localStorage.clear());

  it('shows the profile with PAN, GSTIN and account masked, and says so and that the view is audited', async () => {
    const { calls } = renderConsole('/seller-reviews/uid-seller-1/show', {
      [PROFILE]: { body: profile() },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kolar Farmers Producer Company' }),
    ).toBeInTheDocument();

    const business = screen.getByRole('region', { name: 'Business' });
    expect(within(business).getByText('PAN (masked)')).toBeInTheDocument();
    expect(within(business).getByText('******234F')).toBeInTheDocument();
    expect(within(business).getByText('GSTIN (masked)')).toBeInTheDocument();
    expect(within(business).getByText('******F1Z5')).toBeInTheDocument();
    expect(within(business).getByText('21224010001234')).toBeInTheDocument();
    expect(within(business).getByText('Farmer producer organisation')).toBeInTheDocument();
    const bank = screen.getByRole('region', { name: 'Bank account' });
    expect(within(bank).getByText('Account number (masked)')).toBeInTheDocument();
    expect(within(bank).getByText('******3456')).toBeInTheDocument();
    expect(within(bank).getByText('Canara Bank')).toBeInTheDocument();
    expect(within(bank).getByText('CNRB0001234')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pickup address' }).textContent).toContain(
      'Kolar, Kolar, Karnataka – 563101',
    );

    expect(
      screen.getByText('PAN, GSTIN and the account number are masked: only their last four characters are shown.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Each time this page is opened, the view is recorded in the audit trail under your name.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
    // Read once: every read is an audited view of the seller's identifiers.
    expect(reads(calls)).toBe(1);
    expect(calls.find((call) => call.route === 'adminSellerProfile')!.authorization).toBe('Bearer token-uid-admin');
  });

  it('opens from the list', async () => {
    renderConsole('/seller-reviews', {
      [PENDING]: {
        body: [
          {
            uid: UID,
            username: 'kolar_fpc',
            email: 'fpc@mandi.test',
            legal_name: 'Kolar Farmers Producer Company',
            business_kind: 'farmer_producer_organisation',
            gst_registered: true,
            state: 'Karnataka',
            status: 'pending',
            submitted_at: '2026-11-25T04:00:00.000Z',
            reviewed_at: null,
          },
        ],
      },
      [PROFILE]: { body: profile() },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Kolar Farmers Producer Company' }));
    expect(await screen.findByText('******234F')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/adminpanel/seller-reviews/uid-seller-1/show');
  });

  it('shows a rejected profile with its reason and no buttons', async () => {
    renderConsole('/seller-reviews/uid-seller-1/show', {
      [PROFILE]: {
        body: profile({
          status: 'rejected',
          rejection_reason: 'The PAN card photo is blurred.',
          reviewed_at: '2026-11-26T04:00:00.000Z',
          gstin: null,
        }),
      },
    });
    expect(await screen.findByText('The PAN card photo is blurred.')).toBeInTheDocument();
    expect(screen.getByText('Not registered under GST')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('approves after a confirm, with no body, says so and reads the profile again', async () => {
    let approved = false;
    const { calls } = renderConsole('/seller-reviews/uid-seller-1/show', {
      [PROFILE]: () => ({
        body: approved ? profile({ status: 'approved', reviewed_at: '2026-11-26T04:00:00.000Z' }) : profile(),
      }),
      [APPROVE]: () => {
        approved = true;
        return { body: profile({ status: 'approved', reviewed_at: '2026-11-26T04:00:00.000Z' }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Kolar Farmers Producer Company?' });
    // Nothing is sent before the confirm.
    expect(reviews(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve seller' }));

    expect(
      await screen.findByText(
        'Approved Kolar Farmers Producer Company: they can now ship, invoice and be paid. They are mailed.',
      ),
    ).toBeInTheDocument();
    const posts = reviews(calls);
    expect(posts).toEqual([
      expect.objectContaining({ url: routeUrl('approveSellerProfile', params), body: undefined }),
    ]);
    expect(posts[0]!.authorization).toBe('Bearer token-uid-admin');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(reads(calls)).toBe(2);
    expect(screen.getByText(/reviewed 26 Nov 2026/)).toBeInTheDocument();
  });

  it('refuses to reject without a reason, then sends the reason given', async () => {
    let rejected = false;
    const { calls } = renderConsole('/seller-reviews/uid-seller-1/show', {
      [PROFILE]: () => ({
        body: rejected
          ? profile({ status: 'rejected', rejection_reason: 'The PAN card photo is blurred.' })
          : profile(),
      }),
      [REJECT]: () => {
        rejected = true;
        return { body: profile({ status: 'rejected', rejection_reason: 'The PAN card photo is blurred.' }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Kolar Farmers Producer Company?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('maxlength', '500');

    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    expect(await within(dialog).findByText('A reason is required to reject a seller')).toBeInTheDocument();
    expect(reviews(calls)).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The PAN card photo is blurred.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    expect(
      await screen.findByText('Rejected Kolar Farmers Producer Company: they are mailed your reason.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url === routeUrl('rejectSellerProfile', params))!.body).toEqual({
      reason: 'The PAN card photo is blurred.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The PAN card photo is blurred.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("shows the server's message when someone else reviewed the profile meanwhile (409), and reads it again", async () => {
    let reviewedElsewhere = false;
    const { calls } = renderConsole('/seller-reviews/uid-seller-1/show', {
      [PROFILE]: () => ({
        body: reviewedElsewhere ? profile({ status: 'approved', reviewed_at: '2026-11-26T04:00:00.000Z' }) : profile(),
      }),
      [APPROVE]: () => {
        reviewedElsewhere = true;
        return notPending;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve seller' }));
    expect(await screen.findByText('This profile is not waiting for a review')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reads(calls)).toBe(2);
  });

  it('closes the reject dialog on a 409, and keeps the reason typed on another failure', async () => {
    let answer: 'down' | typeof notPending = 'down';
    renderConsole('/seller-reviews/uid-seller-1/show', {
      [PROFILE]: { body: profile() },
      [REJECT]: () => answer,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Wrong IFSC' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    expect(await screen.findByText('Could not reject the profile. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reject profile' })).toBeEnabled());
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Wrong IFSC');

    answer = notPending;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    expect(await screen.findByText('This profile is not waiting for a review')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message for a seller without a profile", async () => {
    renderConsole('/seller-reviews/uid-seller-1/show', {
      [PROFILE]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'This seller has not filled in a business profile' },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This seller has not filled in a business profile',
    );
  });
});
