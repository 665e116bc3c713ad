import type { OrderDocument } from '@mandi/contracts';
import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@mandi/domain';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { orderDetail } from '../test/order-fixtures';
import { renderApp, stubApi } from '../test/render-app';

/** A cancelled order of Mandi's products and Ravi Farms': an invoice from each, and a credit note against each. */
const DOCUMENTS: OrderDocument[] = [
  {
    invoice_id: '31',
    number: 'INV/26-27/000031',
    kind: 'tax_invoice',
    supplier: 'Mandi Fresh Private Limited',
    issued_at: '2026-03-04T20:00:00.000Z',
  },
  {
    invoice_id: '44',
    number: 'RF/26-27/000004',
    kind: 'bill_of_supply',
    supplier: 'Ravi Farms',
    issued_at: '2026-03-04T20:00:00.000Z',
  },
  {
    invoice_id: 'cn-7',
    number: 'CN/26-27/000007',
    kind: 'credit_note',
    supplier: 'Mandi Fresh Private Limited',
    issued_at: '2026-03-06T05:00:00.000Z',
  },
  { invoice_id: 'cn-8', kind: 'credit_note', supplier: 'Ravi Farms', issued_at: '2026-03-06T05:00:00.000Z' },
];

function openOrder(documents: OrderDocument[] | undefined, language: Language = 'en') {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('orderDetails', { params: { orderId: 9 } })]: {
      body: orderDetail(9, '2026-03-04T19:30:00.000Z', {
        status: 'cancelled',
        invoice: { invoice_id: '31', number: 'INV/26-27/000031' },
        creditNote: { invoice_id: 'cn-7', number: 'CN/26-27/000007' },
        ...(documents ? { documents } : {}),
      }),
    },
  });
  return { ...api, ...renderApp('/order/9', { identity: buyer(), language }) };
}

const rowsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the order's tax documents", () => {
  it('lists every document with its kind, number, supplier and a download of its own', async () => {
    openOrder(DOCUMENTS);
    const region = await screen.findByRole('region', { name: 'Tax documents' });
    expect(region).toHaveTextContent('Each supplier of this order issues its own document for what it sold you.');
    expect(rowsOf(region)).toEqual([
      'Tax invoiceINV/26-27/000031Sold by Mandi Fresh Private LimitedIssued on 5 Mar 2026Download',
      'Bill of supplyRF/26-27/000004Sold by Ravi FarmsIssued on 5 Mar 2026Download',
      'Credit noteCN/26-27/000007Sold by Mandi Fresh Private LimitedIssued on 6 Mar 2026Download',
      'Credit noteSold by Ravi FarmsIssued on 6 Mar 2026Download',
    ]);
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Tax invoice INV/26-27/000031 as PDF',
      'Bill of supply RF/26-27/000004 as PDF',
      'Credit note CN/26-27/000007 as PDF',
      'Credit note from Ravi Farms as PDF',
    ]);
    // Beside the spec's two buttons, which keep their names to themselves (a name is matched as a part of another).
    expect(screen.getAllByRole('button', { name: 'Download Invoice' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Download Credit Note' })).toHaveLength(1);
  });

  it("downloads the chosen document with the bearer token under the server's name", async () => {
    const { fetchStub } = openOrder(DOCUMENTS);
    const asked: { url: string; authorization: string | null }[] = [];
    const billUrl = routeUrl('downloadInvoice', { params: { invoiceId: '44' } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url !== billUrl && url !== routeUrl('downloadInvoice', { params: { invoiceId: 'cn-8' } }))
        return fetchStub(input, init);
      asked.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
      return new Response(new Blob(['%PDF-1.7']), {
        headers: url === billUrl ? { 'content-disposition': 'attachment; filename="RF-26-27-000004.pdf"' } : {},
      });
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Bill of supply RF/26-27/000004 as PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['RF-26-27-000004.pdf']));
    await userEvent.click(screen.getByRole('button', { name: 'Credit note from Ravi Farms as PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['RF-26-27-000004.pdf', 'invoice-cn-8.pdf']));
    expect(asked).toEqual([
      { url: billUrl, authorization: 'Bearer token-of-uid-me' },
      { url: routeUrl('downloadInvoice', { params: { invoiceId: 'cn-8' } }), authorization: 'Bearer token-of-uid-me' },
    ]);
  });

  it('shows them in Hindi', async () => {
    openOrder(DOCUMENTS, 'hi');
    const region = await screen.findByRole('region', { name: 'टैक्स दस्तावेज़' });
    expect(rowsOf(region)).toEqual([
      'टैक्स इनवॉइसINV/26-27/000031विक्रेता: Mandi Fresh Private Limited5 मार्च 2026 को जारीडाउनलोड करें',
      'बिल ऑफ़ सप्लाईRF/26-27/000004विक्रेता: Ravi Farms5 मार्च 2026 को जारीडाउनलोड करें',
      'क्रेडिट नोटCN/26-27/000007विक्रेता: Mandi Fresh Private Limited6 मार्च 2026 को जारीडाउनलोड करें',
      'क्रेडिट नोटविक्रेता: Ravi Farms6 मार्च 2026 को जारीडाउनलोड करें',
    ]);
    expect(within(region).getByRole('button', { name: 'बिल ऑफ़ सप्लाई RF/26-27/000004 की PDF' })).toBeEnabled();
    expect(within(region).getByRole('button', { name: 'Ravi Farms का क्रेडिट नोट, PDF' })).toBeEnabled();
  });

  it("lists nothing more than the spec's buttons when one supplier issued them all", async () => {
    openOrder([DOCUMENTS[0]!, DOCUMENTS[2]!]);
    expect(await screen.findByRole('button', { name: 'Download Invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tax documents' })).not.toBeInTheDocument();
  });

  it("keeps the spec's invoice and credit note buttons when the answer lists no documents", async () => {
    openOrder(undefined);
    expect(await screen.findByRole('button', { name: 'Download Invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Credit Note' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tax documents' })).not.toBeInTheDocument();
  });

  it('shows no list when the list is empty', async () => {
    openOrder([]);
    expect(await screen.findByRole('region', { name: 'Order status' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tax documents' })).not.toBeInTheDocument();
  });
});
