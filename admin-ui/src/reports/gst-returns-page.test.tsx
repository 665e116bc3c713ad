import { routeKey } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/console';

const place = (code: string, name: string) => ({ code, name });
const totals = (
  invoices: number,
  creditNotes: number,
  taxable: number,
  exempt: number,
  cgst: number,
  igst: number,
  total: number,
) => ({
  invoices,
  creditNotes,
  taxable,
  exempt,
  cgst,
  sgst: cgst,
  igst,
  total,
});

/** The API's answer for October 2026: two invoices and a credit note. */
const REPORT = {
  period: {
    month: '2026-10',
    fp: '102026',
    label: 'October 2026',
    from: '2026-09-30T18:30:00.000Z',
    to: '2026-10-31T18:30:00.000Z',
  },
  seller: { gstin: '29AAHCM4321K1ZA', state: place('29', 'Karnataka') },
  b2cs: {
    rows: [
      {
        placeOfSupply: place('29', 'Karnataka'),
        supplyType: 'Intra-state',
        rate: 5,
        taxable: 1264.26,
        igst: 0,
        cgst: 31.6,
        sgst: 31.6,
        cess: 0,
      },
      {
        placeOfSupply: place('27', 'Maharashtra'),
        supplyType: 'Inter-state',
        rate: 18,
        taxable: -100,
        igst: -18,
        cgst: 0,
        sgst: 0,
        cess: 0,
      },
    ],
    totals: { taxable: 1164.26, igst: -18, cgst: 31.6, sgst: 31.6, cess: 0 },
  },
  b2cl: [],
  cdnur: [],
  nil: {
    rows: [
      { supplyType: 'Intra-state', nilRated: 0, exempt: 852.54, nonGst: 0 },
      { supplyType: 'Inter-state', nilRated: 0, exempt: 0, nonGst: 0 },
    ],
    totals: { nilRated: 0, exempt: 852.54, nonGst: 0 },
  },
  hsn: {
    rows: [
      {
        hsn: '0405',
        description: 'Ghee and butter',
        uqc: 'NOS',
        quantity: 2,
        rate: 5,
        totalValue: 1327.46,
        taxable: 1264.26,
        igst: 0,
        cgst: 31.6,
        sgst: 31.6,
        cess: 0,
      },
    ],
    totals: { quantity: 2, totalValue: 1327.46, taxable: 1264.26, igst: 0, cgst: 31.6, sgst: 31.6, cess: 0 },
  },
  documents: [
    {
      nature: 'Invoices for outward supply',
      from: 'INV/26-27/000002',
      to: 'INV/26-27/000003',
      total: 2,
      cancelled: 0,
      netIssued: 2,
    },
  ],
  register: {
    rows: [
      {
        document: 'Tax Invoice',
        number: 'INV/26-27/000002',
        date: '2026-10-01T06:30:00.000Z',
        orderId: 41,
        againstNumber: null,
        placeOfSupply: place('29', 'Karnataka'),
        supplyType: 'Intra-state',
        taxable: 1264.26,
        exempt: 122.54,
        cgst: 31.6,
        sgst: 31.6,
        igst: 0,
        total: 1450,
      },
      {
        document: 'Credit Note',
        number: 'CN/26-27/000001',
        date: '2026-10-05T04:30:00.000Z',
        orderId: 40,
        againstNumber: 'INV/26-27/000001',
        placeOfSupply: place('27', 'Maharashtra'),
        supplyType: 'Inter-state',
        taxable: -100,
        exempt: 0,
        cgst: 0,
        sgst: 0,
        igst: -18,
        total: -118,
      },
    ],
    totals: {
      invoices: totals(1, 0, 1264.26, 122.54, 31.6, 0, 1450),
      creditNotes: totals(0, 1, -100, 0, 0, -18, -118),
      net: totals(1, 1, 1164.26, 122.54, 31.6, -18, 1332),
    },
  },
  readAt: '2026-11-24T10:00:00.000Z',
};

const OCTOBER = routeKey('gstr1Report', { query: { month: '2026-10' } });

describe('the GST returns page', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00+05:30'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens on last month and shows each table with its totals', async () => {
    const { calls } = renderConsole('/gst-returns', { [OCTOBER]: { body: REPORT } });
    const b2cs = await screen.findByRole('table', { name: 'Table 7 · B2C (others)' });
    expect(screen.getByLabelText('Return period')).toHaveProperty('value', '2026-10');
    expect(calls.find((call) => call.route === 'gstr1Report')?.authorization).toBe('Bearer token-uid-admin');
    const rows = within(b2cs)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Place of supplySupply typeRateTaxable valueIGSTCGSTSGSTCess',
      'Karnataka (29)Intra-state5%₹1,264.26₹0.00₹31.60₹31.60₹0.00',
      'Maharashtra (27)Inter-state18%-₹100.00-₹18.00₹0.00₹0.00₹0.00',
      'Total₹1,164.26-₹18.00₹31.60₹31.60₹0.00',
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Table 12 · HSN summary (B2C)' })).getByText('Ghee and butter'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Table 13 · Documents issued' })).getByText('INV/26-27/000003'),
    ).toBeTruthy();
    const register = screen.getByRole('table', { name: 'Sales register' });
    expect(within(register).getByText('CN/26-27/000001').closest('tr')?.textContent).toContain('-₹118.00');
    expect(within(screen.getByRole('region', { name: 'Totals of the month' })).getByText('₹1,164.26')).toBeTruthy();
    expect(screen.getByText(/GSTIN 29AAHCM4321K1ZA, Karnataka \(29\)/)).toBeTruthy();
  });

  it('reads another month when one is picked, and shows the empty tables plainly', async () => {
    const empty = {
      ...REPORT,
      period: { ...REPORT.period, month: '2026-08', label: 'August 2026' },
      b2cs: { rows: [], totals: REPORT.b2cs.totals },
      hsn: { rows: [], totals: REPORT.hsn.totals },
      documents: [],
      register: { ...REPORT.register, rows: [] },
    };
    renderConsole('/gst-returns', {
      [OCTOBER]: { body: REPORT },
      [routeKey('gstr1Report', { query: { month: '2026-08' } })]: { body: empty },
    });
    await screen.findByRole('table', { name: 'Table 7 · B2C (others)' });
    fireEvent.change(screen.getByLabelText('Return period'), { target: { value: '2026-08' } });
    expect(await screen.findByText('No taxed supplies this month.')).toBeTruthy();
    expect(screen.getAllByText('No documents issued this month.')).toHaveLength(2);
  });

  it("shows the server's refusal with Try again (a record that disagrees with its order)", async () => {
    const message =
      'The return cannot be prepared: 1 document of the month disagrees with the invoice rules. Invoice INV/26-27/000008: ...';
    renderConsole('/gst-returns', {
      [OCTOBER]: { status: 409, body: { statusCode: 409, error: 'Conflict', message } },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('downloads a CSV and the portal JSON with the bearer token, named by the server', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { calls } = renderConsole('/gst-returns', {
      [OCTOBER]: { body: REPORT },
      [routeKey('gstr1Csv', { query: { month: '2026-10', table: 'b2cs' } })]: {
        body: 'csv',
        headers: { 'content-disposition': 'attachment; filename="GSTR1-2026-10-b2cs.csv"' },
      },
      [routeKey('gstr1Portal', { query: { month: '2026-10' } })]: {
        body: {},
        headers: { 'content-disposition': 'attachment; filename="GSTR1-2026-10.json"' },
      },
    });
    const b2cs = await screen.findByRole('region', { name: 'Table 7 · B2C (others)' });
    fireEvent.click(within(b2cs).getByRole('button', { name: 'CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Portal JSON' }));
    await waitFor(() => expect(clicked).toEqual(['GSTR1-2026-10-b2cs.csv', 'GSTR1-2026-10.json']));
    expect(calls.filter((call) => call.url.includes('/gstr1/')).map((call) => call.authorization)).toEqual([
      'Bearer token-uid-admin',
      'Bearer token-uid-admin',
    ]);
  });
});
