import { amountInWordsIn, hindiAmountInWords } from './amount-in-words.js';

// A Hindi invoice's amount in words, in the Indian numbering system.

describe('the amount in Hindi words', () => {
  it('writes rupees and paise as Hindi invoices do', () => {
    expect(hindiAmountInWords(12_345_650)).toBe('रुपये एक लाख तेईस हज़ार चार सौ छप्पन और पचास पैसे मात्र');
    expect(hindiAmountInWords(145_000)).toBe('रुपये एक हज़ार चार सौ पचास मात्र');
    expect(hindiAmountInWords(10_520_850)).toBe('रुपये एक लाख पाँच हज़ार दो सौ आठ और पचास पैसे मात्र');
    expect(hindiAmountInWords(100)).toBe('रुपये एक मात्र');
    expect(hindiAmountInWords(99)).toBe('निन्यानबे पैसे मात्र');
    expect(hindiAmountInWords(0)).toBe('रुपये शून्य मात्र');
  });

  it('names every number below a hundred by its own word', () => {
    expect([21, 35, 49, 56, 67, 79, 89, 95].map((n) => hindiAmountInWords(n * 100))).toEqual(
      ['इक्कीस', 'पैंतीस', 'उनचास', 'छप्पन', 'सड़सठ', 'उन्यासी', 'नवासी', 'पंचानबे'].map((word) => `रुपये ${word} मात्र`),
    );
  });

  it('counts crores, and crores of crores', () => {
    expect(hindiAmountInWords(10_000_000 * 100)).toBe('रुपये एक करोड़ मात्र');
    expect(hindiAmountInWords((205 * 10_000_000 + 7_000) * 100)).toBe('रुपये दो सौ पाँच करोड़ सात हज़ार मात्र');
  });

  it('keeps English as libs/domain writes it', () => {
    expect(amountInWordsIn('en', 12_345_650)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
    );
    expect(amountInWordsIn('hi', 5_000)).toBe('रुपये पचास मात्र');
  });
});
