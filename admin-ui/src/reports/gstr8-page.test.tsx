import { routeKey } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/console';

/** The API's answer for October 2026: two registered sellers, one with a credit note. */
const REPORT = {
  period: {
    month: '2026-10',
    fp: '102026',
    label: 'October 2026',
    from: '2026-09-30T18:30:00.000Z',
    to: '2026-10-31T18:30:00.000Z',
  },
  operator: { name: 'Mandi Fresh Private Limited', gstin: '29AAHCM4321K1ZA' },
  rows: [
    {
      gstin: '27AAPFR1234C1Z5',
      name: 'Ravi Farms',
      invoices: 3,
      creditNotes: 1,
      supplied: 1500,
      returned: 200,
      net: 1300,
      igst: 6.5,
      cgst: 0,
      sgst: 0,
    },
    {
      gstin: '29ABCDE1234F1Z5',
      name: 'Nandi Dairy',
      invoices: 2,
      creditNotes: 0,
      supplied: 1200,
      returned: 0,
      net: 1200,
      igst: 0,
      cgst: 3,
      sgst: 3,
    },
  ],
  totals: { invoices: 5, creditNotes: 1, supplied: 2700, returned: 200, net: 2500, igst: 6.5, cgst: 3, sgst: 3 },
};

const OCTOBER = routeKey('gstr8Report', { query: { month: '2026-10' } });

describe('the GSTR-8 page', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00+05:30'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens on last month and shows one row per seller GSTIN with the totals', async () => {
    const { calls } = renderConsole('/gstr8', { [OCTOBER]: { body: REPORT } });
    const table = await screen.findByRole('table', { name: 'Table 3 · Supplies through Mandi' });
    expect(screen.getByLabelText('Return period')).toHaveProperty('value', '2026-10');
    const call = calls.find((entry) => entry.route === 'gstr8Report');
    expect(call?.url).toBe(OCTOBER.replace(/^GET /, ''));
    expect(call?.authorization).toBe('Bearer token-uid-admin');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'GSTINSellerInvoicesCredit notesSuppliedReturnedNetIGSTCGSTSGST',
      '27AAPFR1234C1Z5Ravi Farms31₹1,500.00₹200.00₹1,300.00₹6.50₹0.00₹0.00',
      '29ABCDE1234F1Z5Nandi Dairy20₹1,200.00₹0.00₹1,200.00₹0.00₹3.00₹3.00',
      'Total51₹2,700.00₹200.00₹2,500.00₹6.50₹3.00₹3.00',
    ]);
    expect(
      screen.getByText(/GSTR-8 of October 2026 for Mandi Fresh Private Limited, GSTIN 29AAHCM4321K1ZA/),
    ).toBeTruthy();
    expect(screen.getByText(/TCS collected ₹12\.50/)).toBeTruthy();
    // Reachable from the menu, and beside GSTR-1.
    expect(screen.getByRole('menuitem', { name: 'GSTR-8 (TCS)' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'GST returns' });
    expect(within(nav).getByRole('link', { name: 'GSTR-8 (TCS)' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'GSTR-1' }).getAttribute('href')).toBe('/adminpanel/gst-returns');
  });

  it('reads another month when one is picked, and says plainly when no seller supplied', async () => {
    const august = routeKey('gstr8Report', { query: { month: '2026-08' } });
    const { calls } = renderConsole('/gstr8', {
      [OCTOBER]: { body: REPORT },
      [august]: {
        body: {
          ...REPORT,
          period: { ...REPORT.period, month: '2026-08', label: 'August 2026' },
          rows: [],
          totals: { invoices: 0, creditNotes: 0, supplied: 0, returned: 0, net: 0, igst: 0, cgst: 0, sgst: 0 },
        },
      },
    });
    await screen.findByRole('table', { name: 'Table 3 · Supplies through Mandi' });
    fireEvent.change(screen.getByLabelText('Return period'), { target: { value: '2026-08' } });
    expect(await screen.findByText('No registered seller supplied through Mandi this month.')).toBeTruthy();
    expect(calls.filter((call) => call.route === 'gstr8Report').map((call) => call.url)).toEqual([
      OCTOBER.replace(/^GET /, ''),
      august.replace(/^GET /, ''),
    ]);
  });

  it("shows the server's 409 with Try again (a document that disagrees)", async () => {
    const message =
      'The return cannot be prepared: 1 document of the month disagrees with the invoice rules. Invoice RF/26-27/000004: ...';
    renderConsole('/gstr8', { [OCTOBER]: { status: 409, body: { statusCode: 409, error: 'Conflict', message } } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('downloads the CSV and the portal JSON with the bearer token, named by the server', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { calls } = renderConsole('/gstr8', {
      [OCTOBER]: { body: REPORT },
      [routeKey('gstr8Csv', { query: { month: '2026-10' } })]: {
        body: 'csv',
        headers: { 'content-disposition': 'attachment; filename="GSTR8-2026-10.csv"' },
      },
      [routeKey('gstr8Portal', { query: { month: '2026-10' } })]: {
        body: {},
        headers: { 'content-disposition': 'attachment; filename="GSTR8-2026-10.json"' },
      },
    });
    await screen.findByRole('table', { name: 'Table 3 · Supplies through Mandi' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['GSTR8-2026-10.csv']));
    fireEvent.click(screen.getByRole('button', { name: 'Download portal JSON' }));
    await waitFor(() => expect(clicked).toEqual(['GSTR8-2026-10.csv', 'GSTR8-2026-10.json']));
    const downloads = calls.filter((call) => call.route === 'gstr8Csv' || call.route === 'gstr8Portal');
    expect(downloads.map((call) => [call.route, call.authorization])).toEqual([
      ['gstr8Csv', 'Bearer token-uid-admin'],
      ['gstr8Portal', 'Bearer token-uid-admin'],
    ]);
  });

  it("shows a refused download's message", async () => {
    const message = 'The return cannot be prepared: 1 document of the month disagrees with the invoice rules.';
    renderConsole('/gstr8', {
      [OCTOBER]: { body: REPORT },
      [routeKey('gstr8Csv', { query: { month: '2026-10' } })]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message },
      },
    });
    await screen.findByRole('table', { name: 'Table 3 · Supplies through Mandi' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
