import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { User } from '@mandi/database';
import { pdfText } from '../invoices/testing/invoice-jobs.testing.js';
import { StatementsService } from './statements.service.js';
import {
  attachmentsOf,
  bookAdjustment,
  bookPayout,
  bookReversal,
  bookSale,
  invoicedOrder,
  statementMailsTo,
  netOf,
  newSeller,
  testGstin,
  useStatementsWorld,
  type TestSale,
} from './testing/statements.testing.js';

// The weekly settlement statements against the real database, file store, Chromium and mail capture: a seller's
// ledger rows across two India weeks, the sweep run with the clock moved, the figures worked out by hand.

const world = useStatementsWorld();
const ist = (text: string) => new Date(`${text}+05:30`);

const S1: TestSale = {
  grossPaise: 1_00_000,
  commissionPaise: 10_000,
  commissionGstPaise: 1_800,
  tcsPaise: 1_000,
  tdsPaise: 100,
};
const S2: TestSale = {
  grossPaise: 40_000,
  commissionPaise: 4_000,
  commissionGstPaise: 720,
  tcsPaise: 400,
  tdsPaise: 40,
};
const S3: TestSale = {
  grossPaise: 60_000,
  commissionPaise: 6_000,
  commissionGstPaise: 1_080,
  tcsPaise: 600,
  tdsPaise: 60,
};

const statementsOf = (seller: User) =>
  world.db.prisma.sellerStatement.findMany({ where: { sellerId: seller.id }, orderBy: { weekStart: 'asc' } });
const bare = (text: string) => text.replace(/\s+/g, '');
const day = (date: Date) => date.toISOString().slice(0, 10);
const filesOf = (seller: User) =>
  readdirSync(join(world.config.FILE_STORE_DIR, 'statements', String(seller.id))).sort();
const file = async (key: string | null) => (await world.store.get(key!))!.bytes;

describe("a seller's weekly statements", () => {
  let asha: User;

  beforeAll(async () => {
    asha = await newSeller(world, { legalName: 'Asha Rao Farms', gstin: testGstin('29', 'ABCPR1234F') });
    // Week of 16-22 Nov 2026: two sales, the first paid out with its UTR.
    const o1 = await invoicedOrder(world, asha, 'INV/26-27/000101');
    const o2 = await invoicedOrder(world, asha, 'INV/26-27/000102', 'CN/26-27/000007');
    const s1 = await bookSale(world, ist('2026-11-17T10:00:00'), asha, o1, S1);
    await bookSale(world, ist('2026-11-19T15:30:00'), asha, o2, S2);
    await bookPayout(world, ist('2026-11-21T09:00:00'), asha, o1, s1, netOf(S1), 'trf_S1asha', 'HDFC0000123456');
    // Week of 23-29 Nov: the second sale cancelled, an adjustment, a third sale transferred but not settled yet.
    await bookReversal(world, ist('2026-11-24T12:00:00'), asha, o2, S2);
    await bookAdjustment(
      world,
      ist('2026-11-25T18:00:00'),
      asha,
      5_000,
      'Crate of tomatoes damaged in transit, refunded by Mandi',
    );
    const o3 = await invoicedOrder(world, asha, 'INV/26-27/000103');
    const s3 = await bookSale(world, ist('2026-11-27T11:00:00'), asha, o3, S3);
    await bookPayout(world, ist('2026-11-28T16:00:00'), asha, o3, s3, netOf(S3), 'trf_S3asha', null);
    // This week, not over yet: no statement.
    const o4 = await invoicedOrder(world, asha, 'INV/26-27/000104');
    await bookSale(world, ist('2026-12-01T09:00:00'), asha, o4, S1);

    world.clock.now = ist('2026-12-02T10:00:00');
    await world.sweep.sweepOnce();
  });

  it('makes one statement per completed week with activity, its figures worked out from the ledger', async () => {
    const statements = await statementsOf(asha);
    expect(statements.map((s) => day(s.weekStart))).toEqual(['2026-11-16', '2026-11-23']);
    // Net of S1 = 1,000 - 100 - 18 - 10 - 1 = Rs 871; of S2 = 400 - 40 - 7.20 - 4 - 0.40 = Rs 348.40.
    expect(netOf(S1)).toBe(87_100);
    expect(netOf(S2)).toBe(34_840);
    expect(netOf(S3)).toBe(52_260);
    expect(statements[0]).toMatchObject({
      openingPaise: 0,
      salesNetPaise: 87_100 + 34_840,
      paidOutPaise: 87_100,
      adjustedPaise: 0,
      closingPaise: 34_840,
    });
    // The next week opens where the last closed: S2 cancelled, Rs 50 in the seller's favour, S3 sold and paid out.
    expect(statements[1]).toMatchObject({
      openingPaise: 34_840,
      salesNetPaise: -34_840 + 52_260,
      paidOutPaise: 52_260,
      adjustedPaise: 5_000,
      closingPaise: 5_000,
    });
    for (const s of statements) {
      expect(s.pdfFileKey).toMatch(new RegExp(`^statements/${asha.id}/${day(s.weekStart)}-[0-9a-f]{24}\\.pdf$`));
      expect(s.csvFileKey).toMatch(new RegExp(`^statements/${asha.id}/${day(s.weekStart)}-[0-9a-f]{24}\\.csv$`));
      expect(s.mailedAt).not.toBeNull();
    }
  });

  it('prints the week, the summary, each line and the totals in the PDF', async () => {
    const [, second] = await statementsOf(asha);
    const text = pdfText(await file(second!.pdfFileKey)).replace(/[ \t]+/g, ' ');
    expect(text).toContain('SETTLEMENT STATEMENT');
    expect(text).toContain('Mandi Fresh Produce Private Limited');
    expect(text).toContain('Asha Rao Farms');
    expect(text).toContain('GSTIN 29ABCPR1234F1Z');
    expect(text).toContain('23–29 Nov 2026');
    expect(text).toContain('Issued on 02 Dec 2026');
    expect(text).toContain('Opening balance ₹348.40');
    expect(text).toContain("Sales, after Mandi's deductions + ₹174.20");
    expect(text).toContain('Paid out to you − ₹522.60');
    expect(text).toContain('Adjustments + ₹50.00');
    expect(text).toContain('Closing balance ₹50.00');
    expect(text).toMatch(/24 Nov 2026 Cancelled #\d+ CN\/26-27\/000007 -400\.00 -40\.00 -7\.20 -4\.00 -0\.40 -348\.40/);
    expect(text).toContain('cancels INV/26-27/000102');
    expect(text).toMatch(/27 Nov 2026 Sale #\d+ INV\/26-27\/000103 600\.00 60\.00 10\.80 6\.00 0\.60 522\.60/);
    expect(text).toContain('Total 200.00 20.00 3.60 2.00 0.20 174.20');
    expect(text).toMatch(/28 Nov 2026 Transfer #\d+ trf_S3asha awaiting settlement 522\.60/);
    expect(text).toContain('25 Nov 2026 Adjustment Crate of tomatoes damaged in transit, refunded by Mandi 50.00');
    const [first] = await statementsOf(asha);
    const firstText = pdfText(await file(first!.pdfFileKey)).replace(/[ \t]+/g, ' ');
    expect(firstText).toContain('16–22 Nov 2026');
    expect(firstText).toMatch(/21 Nov 2026 Transfer #\d+ trf_S1asha HDFC0000123456 871\.00/);
    expect(firstText).toContain('Total 1,400.00 140.00 25.20 14.00 1.40 1,219.40');
    expect(firstText).toContain('Closing balance ₹348.40');
  });

  it('writes the lines as CSV: a byte-order mark, one header row, one row per line in rupees', async () => {
    const [, second] = await statementsOf(asha);
    const csv = await file(second!.csvFileKey);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csv.toString('utf8').slice(1).split('\r\n');
    expect(rows.pop()).toBe('');
    expect(rows[0]).toBe(
      "Date,Type,Order,Invoice,Credit note,Transfer,UTR,Reason,Gross,GST (Mandi's invoice),Commission,GST on commission,TCS,TDS,Effect on balance (₹)",
    );
    expect(rows.slice(1).map((row) => row.replace(/,\d+,/, ',#,'))).toEqual([
      '2026-11-24 12:00:00 IST,Cancelled,#,INV/26-27/000102,CN/26-27/000007,,,,-400.00,0.00,-40.00,-7.20,-4.00,-0.40,-348.40',
      '2026-11-25 18:00:00 IST,Adjustment,,,,,,"Crate of tomatoes damaged in transit, refunded by Mandi",0.00,0.00,0.00,0.00,0.00,0.00,50.00',
      '2026-11-27 11:00:00 IST,Sale,#,INV/26-27/000103,,,,,600.00,0.00,60.00,10.80,6.00,0.60,522.60',
      '2026-11-28 16:00:00 IST,Transfer,#,,,trf_S3asha,,,0.00,0.00,0.00,0.00,0.00,0.00,-522.60',
    ]);
    // The last column adds up to the week's change of the balance.
    const change = rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row.split(',').at(-1)) * 100), 0);
    expect(change).toBe(second!.closingPaise - second!.openingPaise);
  });

  it('mails each statement once, with its PDF and CSV attached', async () => {
    const mails = await statementMailsTo(world, asha.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your Mandi statement for 16–22 Nov 2026',
      'Your Mandi statement for 23–29 Nov 2026',
    ]);
    const [, second] = await statementsOf(asha);
    const files = attachmentsOf(mails[1]!);
    expect(files.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'mandi-statement-2026-11-23.pdf', contentType: 'application/pdf' },
      { filename: 'mandi-statement-2026-11-23.csv', contentType: 'text/csv; charset=utf-8' },
    ]);
    expect(files[0]!.content.equals(await file(second!.pdfFileKey))).toBe(true);
    expect(files[1]!.content.equals(await file(second!.csvFileKey))).toBe(true);
    expect(mails[1]!.text).toContain('Closing balance: ₹50.00');
    expect(mails[1]!.text).toContain('Paid out to you: − ₹522.60');
    expect(mails[1]!.html).toContain('Your weekly statement');

    // Another pass, and another replica's: nothing more is made or mailed.
    await Promise.all([world.sweep.sweepOnce(), world.sweep.sweepOnce()]);
    expect(await statementMailsTo(world, asha.email)).toHaveLength(2);
    expect(await statementsOf(asha)).toHaveLength(2);
    expect(filesOf(asha)).toHaveLength(4);
  });

  it('makes the current week once it is over and a quarter of an hour has passed', async () => {
    world.clock.now = ist('2026-12-07T00:10:00');
    await world.app.get(StatementsService).makeDue();
    expect(await statementsOf(asha)).toHaveLength(2);

    world.clock.now = ist('2026-12-07T00:20:00');
    await world.sweep.sweepOnce();
    const statements = await statementsOf(asha);
    expect(statements.map((s) => day(s.weekStart))).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
    expect(statements[2]).toMatchObject({ openingPaise: 5_000, salesNetPaise: 87_100, closingPaise: 92_100 });
    expect(await statementMailsTo(world, asha.email)).toHaveLength(3);
  });
});

describe('statements under concurrency, and in Hindi', () => {
  it('makes, stores and mails one statement when two replicas sweep at once, keeping one pair of files', async () => {
    const bina = await newSeller(world, { legalName: 'बीना देवी कृषि फ़ार्म', language: 'hi', state: 'Maharashtra' });
    const order = await invoicedOrder(world, bina, 'INV/26-27/000201');
    await bookSale(world, ist('2026-11-18T11:15:00'), bina, order, S1);
    await bookAdjustment(world, ist('2026-11-20T10:00:00'), bina, -2_500, 'टूटी पैकिंग का खर्च');
    world.clock.now = ist('2026-12-07T10:00:00');

    await Promise.all([world.sweep.sweepOnce(), world.sweep.sweepOnce()]);

    const statements = await statementsOf(bina);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ salesNetPaise: 87_100, adjustedPaise: -2_500, closingPaise: 84_600 });
    expect(filesOf(bina)).toEqual(
      [statements[0]!.pdfFileKey, statements[0]!.csvFileKey].map((key) => key!.split('/').at(-1)).sort(),
    );
    const mails = await statementMailsTo(world, bina.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('16–22 नवंबर 2026 के लिए आपका मंडी स्टेटमेंट');
    expect(attachmentsOf(mails[0]!).map((f) => f.filename)).toEqual([
      'mandi-statement-2026-11-16.pdf',
      'mandi-statement-2026-11-16.csv',
    ]);

    // pdftotext breaks Devanagari clusters apart with spaces ('कृ षि'): compare without any.
    const text = pdfText(await file(statements[0]!.pdfFileKey)).replace(/\s+/g, '');
    for (const words of ['सेटलमेंट स्टेटमेंट', 'बीना देवी कृषि फ़ार्म', '16–22 नवंबर 2026', 'अंतिम बकाया ₹846.00'])
      expect(text).toContain(bare(words));
    expect(text).toContain(bare('20 नवंबर 2026 समायोजन टूटी पैकिंग का खर्च -25.00'));
    const csv = (await file(statements[0]!.csvFileKey)).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFतारीख,प्रकार,ऑर्डर,इनवॉइस,क्रेडिट नोट,ट्रांसफ़र,UTR,कारण,कुल राशि,GST (मंडी का इनवॉइस),कमीशन,कमीशन पर GST,TCS,TDS,बकाया पर असर (₹)',
    );
    expect(csv).toContain(',समायोजन,,,,,,टूटी पैकिंग का खर्च,0.00,0.00,0.00,0.00,0.00,0.00,-25.00\r\n');
  });
});
