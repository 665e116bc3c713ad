import { buildGstr1 } from '@mandi/domain';
import { gstr1Csv } from './gstr1-csv.js';

describe('gstr1Csv', () => {
  const report = buildGstr1([], 'Karnataka');

  it('guards text a spreadsheet would run (= + - @, tab, CR) with an apostrophe, and quotes commas, quotes and line breaks', () => {
    const texts = ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', 'Ghee, 1 kg', 'say "hi"', 'fine'];
    const hsn = texts.map((description, i) => ({
      hsn: String(i),
      description,
      uqc: 'NOS',
      quantity: 1,
      ratePercent: 0,
      valuePaise: -1050,
      taxablePaise: -1050,
      igstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
    }));
    const lines = gstr1Csv({ ...report, hsn }, 'hsn').split('\r\n');
    expect(lines.slice(1, 9).map((line) => line.split(',NOS,')[0])).toEqual([
      `0,"'=HYPERLINK(""http://x"")"`,
      "1,'+1",
      "2,'-2+3",
      "3,'@SUM(A1)",
      "4,'\tx",
      '5,"Ghee, 1 kg"',
      '6,"say ""hi"""',
      '7,fine',
    ]);
    // Amounts are numbers with two decimals, negative ones too (not guarded: they are ours, not typed text).
    expect(lines[1]).toMatch(/,NOS,1,0,-10\.50,-10\.50,0\.00,0\.00,0\.00,0\.00$/);
  });

  it('writes headers and a zero total for an empty month', () => {
    expect(gstr1Csv(report, 'nil')).toBe(
      'Description,Nil rated supplies,Exempted (other than nil rated/non-GST supply),Non-GST supplies\r\n' +
        'Intra-state supplies to unregistered persons,0.00,0.00,0.00\r\n' +
        'Inter-state supplies to unregistered persons,0.00,0.00,0.00\r\n' +
        'Total,0.00,0.00,0.00\r\n',
    );
  });
});
