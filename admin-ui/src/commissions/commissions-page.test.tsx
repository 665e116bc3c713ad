import type { CategoryCommission, CommissionRules } from '@mandi/contracts';
import { routeKey, routeUrl } from '@mandi/contracts/client';
import { COMMISSION_MESSAGES, SELLER_DASHBOARD_MESSAGES } from '@mandi/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/console';

const CHANGED_AT = '2026-11-25T04:00:00.000Z'; // 25 Nov 2026, 9:30 am IST
const STARTED_AT = '2026-11-01T00:00:00.000Z'; // 1 Nov 2026, 5:30 am IST

const category = (overrides: Pick<CategoryCommission, 'category' | 'label'> & Partial<CategoryCommission>) => ({
  percent: 8,
  fixed_fee: 0,
  updated_at: STARTED_AT,
  updated_by: null,
  ...overrides,
});

/** The API's rules: two categories (one changed by an admin) and one seller's own. */
const RULES: CommissionRules = {
  categories: [
    category({ category: 'fresh_produce', label: 'Fresh vegetables', percent: 5 }),
    category({ category: 'cereals', label: 'Rice, wheat and millets', percent: 7.5, fixed_fee: 2 }),
    category({ category: 'spices', label: 'Spices', updated_at: CHANGED_AT, updated_by: 'asha_admin' }),
  ],
  sellers: [
    {
      uid: 'uid-seller-ravi',
      username: 'ravi_farms',
      percent: 4,
      fixed_fee: 1.5,
      updated_at: CHANGED_AT,
      updated_by: 'asha_admin',
    },
  ],
};

const RULES_KEY = routeKey('commissionRules');
const FRESH = { params: { category: 'fresh_produce' as const } };
const SET_FRESH = routeKey('setCategoryCommission', FRESH);
const RAVI = { params: { uid: 'uid-seller-ravi' } };
const NEW_SELLER = { params: { uid: 'uid-seller-nandi' } };

type Call = { method: string; url: string; route: string | null; authorization: string | null; body: unknown };
const readsOfRules = (calls: Call[]) => calls.filter((call) => call.route === 'commissionRules').length;
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

async function openPage(answers: Parameters<typeof renderConsole>[1] = {}) {
  const view = renderConsole('/commissions', { [RULES_KEY]: { body: RULES }, ...answers });
  const categories = await screen.findByRole('table', { name: 'By category' });
  return { ...view, categories, sellers: screen.getByRole('table', { name: "Sellers' own rules" }) };
}

describe('the Commissions page', () => {
  beforeEach(() => localStorage.clear());

  it("shows every category's rule and every seller's own, with who changed them last in India time", async () => {
    const { calls, categories, sellers } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Commissions' })).toBeInTheDocument();
    expect(screen.getByText(/so a change applies to sales from now on/)).toBeInTheDocument();
    expect(
      screen.getByText(/A seller's own rule overrides every category for them\. Every change/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'audit trail' })).toHaveAttribute('href', '/adminpanel/audit');

    expect(rowsOf(categories)).toEqual([
      'CategoryCommissionFixed fee per lineLast changed (IST)Actions',
      'Fresh vegetables5%₹0.00Starting rule1 Nov 2026, 5:30 am ISTEdit',
      'Rice, wheat and millets7.5%₹2.00Starting rule1 Nov 2026, 5:30 am ISTEdit',
      'Spices8%₹0.00asha_admin25 Nov 2026, 9:30 am ISTEdit',
    ]);
    expect(rowsOf(sellers)).toEqual([
      'SellerCommissionFixed fee per lineLast changed (IST)Actions',
      'ravi_farmsuid-seller-ravi4%₹1.50asha_admin25 Nov 2026, 9:30 am ISTEditRemove',
    ]);
    // Every control is named for what it acts on.
    expect(screen.getByRole('button', { name: 'Edit Fresh vegetables' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Edit Spices' })).toBeEnabled();
    expect(screen.getByRole('button', { name: "Edit ravi_farms's rule" })).toBeEnabled();
    expect(screen.getByRole('button', { name: "Remove ravi_farms's rule" })).toBeEnabled();
    expect(screen.getByRole('button', { name: "Add a seller's rule" })).toBeEnabled();

    const read = calls.find((call) => call.route === 'commissionRules');
    expect(read?.url).toBe(routeUrl('commissionRules'));
    expect(read?.authorization).toBe('Bearer token-uid-admin');
    expect(screen.getByRole('menuitem', { name: 'Commissions' })).toHaveAttribute('href', '/adminpanel/commissions');
  });

  it('shows each rule as a card with its actions on a phone', async () => {
    // Every media query matches: MUI's breakpoints.down('md') is then true, as on a 390 px screen.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    renderConsole('/commissions', { [RULES_KEY]: { body: RULES } });
    const spices = await screen.findByRole('article', { name: 'Spices' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(spices).getByRole('heading', { name: 'Spices' })).toBeInTheDocument();
    expect(spices.textContent).toContain('Commission8%');
    expect(spices.textContent).toContain('Last changed (IST)asha_admin25 Nov 2026, 9:30 am IST');
    expect(within(spices).getByRole('button', { name: 'Edit Spices' })).toBeEnabled();
    const ravi = screen.getByRole('article', { name: 'ravi_farms' });
    expect(within(ravi).getByRole('button', { name: "Remove ravi_farms's rule" })).toBeEnabled();
    fireEvent.click(within(ravi).getByRole('button', { name: "Edit ravi_farms's rule" }));
    expect(await screen.findByRole('dialog', { name: "ravi_farms's own rule" })).toBeInTheDocument();
  });

  it("says so when no seller has a rule of their own, and shows a failed read's message with Try again", async () => {
    let failing = true;
    renderConsole('/commissions', {
      [RULES_KEY]: () =>
        failing
          ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'The database is busy.' } }
          : { body: { ...RULES, sellers: [] } },
    });
    expect(await screen.findByText('The database is busy.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText("No seller has a rule of their own: each sells at their categories' commissions."),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'By category' })).toBeInTheDocument();
  });

  it("edits a category's rule with the bearer token, says so and reads the rules again", async () => {
    let rules = RULES;
    const { calls } = await openPage({
      [RULES_KEY]: () => ({ body: rules }),
      [SET_FRESH]: (body) => {
        const saved = { ...RULES.categories[0]!, ...(body as object), updated_at: CHANGED_AT, updated_by: 'admin' };
        rules = { ...RULES, categories: [saved, ...RULES.categories.slice(1)] };
        return { body: saved };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Fresh vegetables' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commission of Fresh vegetables' });
    const percent = within(dialog).getByRole('textbox', { name: /^Commission/ });
    const fee = within(dialog).getByRole('textbox', { name: 'Fixed fee per line' });
    // It opens on the rule as it stands.
    expect(percent).toHaveValue('5');
    expect(fee).toHaveValue('0');
    fireEvent.change(percent, { target: { value: '6.25' } });
    fireEvent.change(fee, { target: { value: '2.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Fresh vegetables: 6.25% + ₹2.50 a line on sales from now on.')).toBeInTheDocument();
    const put = calls.filter((call) => call.route === 'setCategoryCommission');
    expect(put).toHaveLength(1);
    expect(put[0]!.method).toBe('PUT');
    expect(put[0]!.url).toBe(routeUrl('setCategoryCommission', FRESH));
    expect(put[0]!.body).toEqual({ percent: 6.25, fixed_fee: 2.5 });
    expect(put[0]!.authorization).toBe('Bearer token-uid-admin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'By category' }))[1]).toBe(
        'Fresh vegetables6.25%₹2.50admin25 Nov 2026, 9:30 am ISTEdit',
      ),
    );
    expect(readsOfRules(calls)).toBe(2);
  });

  it("shows the server's 400 under the field it names, keeps the dialog open, and Cancel sends nothing more", async () => {
    const { calls } = await openPage({
      [SET_FRESH]: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: COMMISSION_MESSAGES.percentInvalid,
          fields: { percent: COMMISSION_MESSAGES.percentInvalid },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Fresh vegetables' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commission of Fresh vegetables' });
    const percent = within(dialog).getByRole('textbox', { name: /^Commission/ });
    fireEvent.change(percent, { target: { value: '35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(COMMISSION_MESSAGES.percentInvalid)).toBeInTheDocument();
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(percent).toHaveAccessibleDescription(COMMISSION_MESSAGES.percentInvalid);
    expect(within(dialog).getByRole('textbox', { name: 'Fixed fee per line' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    expect(calls.find((call) => call.route === 'setCategoryCommission')?.body).toEqual({ percent: 35, fixed_fee: 0 });
    // Typing again takes the message away; a figure that is not a number is said without a call.
    fireEvent.change(percent, { target: { value: 'eight' } });
    expect(within(dialog).queryByText(COMMISSION_MESSAGES.percentInvalid)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter the commission as a percentage, such as 8 or 7.5.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.route === 'setCategoryCommission')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.route === 'setCategoryCommission')).toHaveLength(1);
  });

  it("adds a seller's rule by uid, says a seller not found under the uid, and shows the new row", async () => {
    let rules = RULES;
    const { calls } = await openPage({
      [RULES_KEY]: () => ({ body: rules }),
      [routeKey('setSellerCommission', { params: { uid: 'uid-nobody' } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: SELLER_DASHBOARD_MESSAGES.sellerNotFound },
      },
      [routeKey('setSellerCommission', NEW_SELLER)]: (body) => {
        const saved = {
          uid: 'uid-seller-nandi',
          username: 'nandi_dairy',
          ...(body as { percent: number; fixed_fee: number }),
          updated_at: CHANGED_AT,
          updated_by: 'admin',
        };
        rules = { ...RULES, sellers: [...RULES.sellers, saved] };
        return { body: saved };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: "Add a seller's rule" }));
    const dialog = await screen.findByRole('dialog', { name: "Add a seller's rule" });
    const uid = within(dialog).getByRole('textbox', { name: /^Seller's uid/ });
    fireEvent.change(uid, { target: { value: 'uid-nobody' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Commission/ }), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SELLER_DASHBOARD_MESSAGES.sellerNotFound)).toBeInTheDocument();
    expect(uid).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(uid, { target: { value: ' uid-seller-nandi ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Fixed fee per line' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("nandi_dairy's own rule: 6% + ₹1.00 a line on their sales from now on."),
    ).toBeInTheDocument();
    const puts = calls.filter((call) => call.route === 'setSellerCommission');
    expect(puts.map((call) => [call.method, call.url, call.body, call.authorization])).toEqual([
      [
        'PUT',
        routeUrl('setSellerCommission', { params: { uid: 'uid-nobody' } }),
        { percent: 6, fixed_fee: 0 },
        'Bearer token-uid-admin',
      ],
      ['PUT', routeUrl('setSellerCommission', NEW_SELLER), { percent: 6, fixed_fee: 1 }, 'Bearer token-uid-admin'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: "Edit nandi_dairy's rule" })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: "Sellers' own rules" }))[2]).toBe(
      'nandi_dairyuid-seller-nandi6%₹1.00admin25 Nov 2026, 9:30 am ISTEditRemove',
    );
  });

  it("edits a seller's own rule", async () => {
    const { calls } = await openPage({
      [routeKey('setSellerCommission', RAVI)]: (body) => ({ body: { ...RULES.sellers[0], ...(body as object) } }),
    });
    fireEvent.click(screen.getByRole('button', { name: "Edit ravi_farms's rule" }));
    const dialog = await screen.findByRole('dialog', { name: "ravi_farms's own rule" });
    expect(within(dialog).queryByRole('textbox', { name: /^Seller's uid/ })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Fixed fee per line' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("ravi_farms's own rule: 4% on their sales from now on.")).toBeInTheDocument();
    const put = calls.find((call) => call.route === 'setSellerCommission');
    expect([put?.url, put?.body]).toEqual([routeUrl('setSellerCommission', RAVI), { percent: 4, fixed_fee: 0 }]);
  });

  it("removes a seller's rule after a confirm, and reads the rules again", async () => {
    let rules = RULES;
    const { calls } = await openPage({
      [RULES_KEY]: () => ({ body: rules }),
      [routeKey('clearSellerCommission', RAVI)]: () => {
        rules = { ...RULES, sellers: [] };
        return { body: rules };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: "Remove ravi_farms's rule" }));
    const dialog = await screen.findByRole('dialog', { name: "Remove ravi_farms's own rule?" });
    // Nothing is sent before the confirm.
    expect(calls.filter((call) => call.route === 'clearSellerCommission')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove rule' }));

    expect(
      await screen.findByText("ravi_farms's own rule is removed: their categories' commissions apply from now on."),
    ).toBeInTheDocument();
    const removal = calls.filter((call) => call.route === 'clearSellerCommission');
    expect(removal.map((call) => [call.method, call.url, call.body, call.authorization])).toEqual([
      ['DELETE', routeUrl('clearSellerCommission', RAVI), undefined, 'Bearer token-uid-admin'],
    ]);
    expect(
      await screen.findByText("No seller has a rule of their own: each sells at their categories' commissions."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readsOfRules(calls)).toBe(2);
  });

  it("says the server's 404 when the rule was removed meanwhile, and closes the confirm", async () => {
    await openPage({
      [routeKey('clearSellerCommission', RAVI)]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: COMMISSION_MESSAGES.noOverride },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: "Remove ravi_farms's rule" }));
    const dialog = await screen.findByRole('dialog', { name: "Remove ravi_farms's own rule?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove rule' }));
    expect(await screen.findByText(COMMISSION_MESSAGES.noOverride)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
