import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { User } from '@mandi/database';
import { pdfText } from '../invoices/testing/invoice-jobs.testing.js';
import {
  attachmentsOf,
  bookReversal,
  bookSale,
  commissionMailsTo,
  invoicedOrder,
  newSeller,
  testGstin,
  useStatementsWorld,
  type TestSale,
} from './testing/statements.testing.js';

// Mandi's monthly commission invoices against the real database, file store, Chromium and mail capture: sellers'
// sales of a month booked in the ledger, the sweep run by two replicas at once with the clock moved.

const world = useStatementsWorld();
const ist = (text: string) => new Date(`${text}+05:30`);
const sale = (commissionPaise: number, commissionGstPaise: number): TestSale => ({
  grossPaise: commissionPaise * 10,
  commissionPaise,
  commissionGstPaise,
});

const invoicesOf = (seller: User) =>
  world.db.prisma.commissionInvoice.findMany({ where: { sellerId: seller.id }, orderBy: { monthStart: 'asc' } });
const series = async () =>
  (
    await world.db.prisma.documentSequence.findUnique({
      where: {
        kind_supplierKey_financialYear: { kind: 'commission_invoice', supplierKey: 'mandi', financialYear: 2026 },
      },
    })
  )?.lastValue;
const bare = (text: string) => text.replace(/\s+/g, '');
const pdfOf = async (key: string | null) => (await world.store.get(key!))!.bytes;
const filesOf = (seller: User) =>
  readdirSync(join(world.config.FILE_STORE_DIR, 'commission-invoices', String(seller.id)));
let n = 0;
const nextInvoice = () => `INV/26-27/${String(++n).padStart(6, '0')}`;

let tara: User;
let kavya: User;
let manoj: User;
let ravi: User;

beforeAll(async () => {
  // Tara sold in October; the sale was cancelled in November, so November owes her a credit, not an invoice.
  tara = await newSeller(world, { legalName: 'Tara Organics' });
  const taraOrder = await invoicedOrder(world, tara, nextInvoice(), 'CN/26-27/000001');
  await bookSale(world, ist('2026-10-20T10:00:00'), tara, taraOrder, sale(3_000, 540));
  await bookReversal(world, ist('2026-11-03T10:00:00'), tara, taraOrder, sale(3_000, 540));
  // Kavya, in Mandi's state: two sales in November, one of them cancelled in November too; one in December.
  kavya = await newSeller(world, { legalName: 'Kavya Agro Foods', gstin: testGstin('29', 'AAKCK7788M') });
  await bookSale(
    world,
    ist('2026-11-05T10:00:00'),
    kavya,
    await invoicedOrder(world, kavya, nextInvoice()),
    sale(10_000, 1_800),
  );
  const cancelled = await invoicedOrder(world, kavya, nextInvoice(), 'CN/26-27/000002');
  await bookSale(world, ist('2026-11-12T10:00:00'), kavya, cancelled, sale(4_000, 720));
  await bookReversal(world, ist('2026-11-14T10:00:00'), kavya, cancelled, sale(4_000, 720));
  await bookSale(
    world,
    ist('2026-12-01T09:00:00'),
    kavya,
    await invoicedOrder(world, kavya, nextInvoice()),
    sale(2_000, 360),
  );
  // Manoj, in Maharashtra, reads Hindi: IGST.
  manoj = await newSeller(world, {
    legalName: 'मनोज पाटील फ़ार्म्स',
    state: 'Maharashtra',
    language: 'hi',
    gstin: testGstin('27', 'BQMPP4455L'),
  });
  await bookSale(
    world,
    ist('2026-11-30T23:50:00'),
    manoj,
    await invoicedOrder(world, manoj, nextInvoice()),
    sale(2_500, 450),
  );
  // Ravi, not verified yet (so no GSTIN on the invoice), with an odd paisa of GST over the month.
  ravi = await newSeller(world, { legalName: 'Ravi Kumar', approved: false });
  await bookSale(
    world,
    ist('2026-11-08T10:00:00'),
    ravi,
    await invoicedOrder(world, ravi, nextInvoice()),
    sale(1_000, 180),
  );
  await bookSale(world, ist('2026-11-09T10:00:00'), ravi, await invoicedOrder(world, ravi, nextInvoice()), sale(5, 1));

  world.clock.now = ist('2026-12-02T10:00:00');
  // Two replicas sweep at once, from the start.
  await Promise.all([world.sweep.sweepOnce(), world.sweep.sweepOnce()]);
});

describe("Mandi's commission invoices", () => {
  it('numbers one invoice per seller and completed month with commission, gap-free, oldest month first', async () => {
    const invoices = await world.db.prisma.commissionInvoice.findMany({ orderBy: { sequence: 'asc' } });
    expect(invoices.map((i) => [i.number, i.sellerId, i.monthStart.toISOString().slice(0, 10)])).toEqual([
      ['COM/26-27/000001', tara.id, '2026-10-01'],
      ['COM/26-27/000002', kavya.id, '2026-11-01'],
      ['COM/26-27/000003', manoj.id, '2026-11-01'],
      ['COM/26-27/000004', ravi.id, '2026-11-01'],
    ]);
    expect(invoices.every((i) => i.financialYear === 2026 && i.issuedAt.getTime() === world.clock.now.getTime())).toBe(
      true,
    );
    expect(await series()).toBe(4);
  });

  it('splits the GST into CGST and SGST halves within Mandi’s state, the odd paisa to SGST, and IGST across', async () => {
    const [kavyas] = await invoicesOf(kavya);
    // November: Rs 100 and Rs 40 of commission, the Rs 40 cancelled; December's sale waits for December's end.
    expect(kavyas).toMatchObject({
      commissionPaise: 10_000,
      cgstPaise: 900,
      sgstPaise: 900,
      igstPaise: 0,
      totalPaise: 11_800,
    });
    expect(await invoicesOf(manoj)).toMatchObject([
      {
        commissionPaise: 2_500,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 450,
        totalPaise: 2_950,
        sellerState: 'Maharashtra',
      },
    ]);
    expect(await invoicesOf(ravi)).toMatchObject([
      {
        commissionPaise: 1_005,
        cgstPaise: 90,
        sgstPaise: 91,
        igstPaise: 0,
        totalPaise: 1_186,
        sellerGstinSealed: null,
      },
    ]);
    expect(await invoicesOf(tara)).toMatchObject([{ commissionPaise: 3_000, cgstPaise: 270, sgstPaise: 270 }]);
  });

  it("copies the seller's name, address, state and sealed GSTIN as they were at issue", async () => {
    const profile = await world.db.prisma.sellerProfile.findUniqueOrThrow({ where: { userId: kavya.id } });
    const [invoice] = await invoicesOf(kavya);
    expect(invoice).toMatchObject({
      sellerName: 'Kavya Agro Foods',
      sellerAddress: 'Survey No. 12, Hesaraghatta, Bangalore North, Bangalore, Karnataka 560001',
      sellerState: 'Karnataka',
    });
    expect(Buffer.from(invoice!.sellerGstinSealed!).equals(Buffer.from(profile.gstinSealed!))).toBe(true);
  });

  it('prints a tax invoice from Mandi to the seller: GSTINs, place of supply, the month’s line with its SAC, GST and total in words', async () => {
    const [invoice] = await invoicesOf(kavya);
    expect(invoice!.pdfFileKey).toMatch(new RegExp(`^commission-invoices/${kavya.id}/[0-9a-f]{24}\\.pdf$`));
    const text = pdfText(await pdfOf(invoice!.pdfFileKey)).replace(/[ \t]+/g, ' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Mandi Fresh Produce Private Limited');
    expect(text).toContain('GSTIN 29AAHCM4321K1ZA');
    expect(text).toContain('Kavya Agro Foods');
    expect(text).toContain(`GSTIN ${testGstin('29', 'AAKCK7788M')}`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('Invoice no. COM/26-27/000002');
    expect(text).toContain('Invoice date 02 Dec 2026');
    expect(text).toContain('Period 1–30 Nov 2026');
    expect(text).toContain('1 Commission on sales through Mandi, November 2026 998599 100.00 18% 9.00 9.00 118.00');
    expect(text).toContain('CGST 9% 9.00');
    expect(text).toContain('SGST 9% 9.00');
    expect(text).toContain('Total ₹118.00');
    expect(text).toContain('Rupees One Hundred Eighteen Only');

    const [unregistered] = await invoicesOf(ravi);
    const raviText = pdfText(await pdfOf(unregistered!.pdfFileKey)).replace(/[ \t]+/g, ' ');
    expect(raviText).toContain('Not registered under GST');
    expect(raviText).toContain('CGST 9% 0.90');
    expect(raviText).toContain('SGST 9% 0.91');
  });

  it("prints the IGST of another state's seller, in their Hindi", async () => {
    const [invoice] = await invoicesOf(manoj);
    const text = bare(pdfText(await pdfOf(invoice!.pdfFileKey)));
    for (const words of [
      'टैक्स इनवॉइस',
      'मनोज पाटील फ़ार्म्स',
      `GSTIN ${testGstin('27', 'BQMPP4455L')}`,
      'आपूर्ति का स्थान: Maharashtra (27)',
      'COM/26-27/000003',
      'मंडी के ज़रिए बिक्री पर कमीशन, नवंबर 2026 998599 25.00 18% 4.50 29.50',
      'IGST 18% 4.50',
      '₹29.50',
    ])
      expect(text).toContain(bare(words));
    expect(text).not.toContain('CGST');
  });

  it('mails each invoice to its seller once with its PDF, and keeps one PDF of each', async () => {
    for (const seller of [tara, kavya, manoj, ravi]) {
      const mails = await commissionMailsTo(world, seller.email);
      const [invoice] = await invoicesOf(seller);
      expect(mails).toHaveLength(1);
      const [pdf] = attachmentsOf(mails[0]!);
      expect(pdf).toMatchObject({
        filename: `${invoice!.number.replaceAll('/', '-')}.pdf`,
        contentType: 'application/pdf',
      });
      expect(pdf!.content.equals(await pdfOf(invoice!.pdfFileKey))).toBe(true);
      expect(filesOf(seller)).toEqual([invoice!.pdfFileKey!.split('/').at(-1)]);
      expect(invoice!.mailedAt).not.toBeNull();
    }
    const [mail] = await commissionMailsTo(world, kavya.email);
    expect(mail!.subject).toBe("Mandi's commission invoice COM/26-27/000002 for November 2026");
    expect(mail!.text).toContain('Total: ₹118.00');
    const [hindi] = await commissionMailsTo(world, manoj.email);
    expect(hindi!.subject).toBe('नवंबर 2026 के लिए मंडी का कमीशन इनवॉइस COM/26-27/000003');
  });

  it('issues nothing more on the next passes, and the next month once it is over', async () => {
    await Promise.all([world.sweep.sweepOnce(), world.sweep.sweepOnce()]);
    expect(await world.db.prisma.commissionInvoice.count()).toBe(4);
    expect(await series()).toBe(4);

    world.clock.now = ist('2027-01-01T00:10:00');
    await world.sweep.sweepOnce();
    expect(await world.db.prisma.commissionInvoice.count()).toBe(4);

    world.clock.now = ist('2027-01-01T00:20:00');
    await Promise.all([world.sweep.sweepOnce(), world.sweep.sweepOnce()]);
    expect(await invoicesOf(kavya)).toMatchObject([
      { number: 'COM/26-27/000002' },
      { number: 'COM/26-27/000005', commissionPaise: 2_000, cgstPaise: 180, sgstPaise: 180, totalPaise: 2_360 },
    ]);
    expect(await series()).toBe(5);
    expect(await commissionMailsTo(world, kavya.email)).toHaveLength(2);
  });
});
