import { DomainError } from '../errors/domain.error.js';
import { amountInWords } from './amount-in-words.js';

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'One Paise Only'],
    [50, 'Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1100, 'Rupees Eleven Only'],
    [2000, 'Rupees Twenty Only'],
    [8850, 'Rupees Eighty-Eight and Fifty Paise Only'],
    [10500, 'Rupees One Hundred Five Only'],
    [100000, 'Rupees One Thousand Only'],
    [211220, 'Rupees Two Thousand One Hundred Twelve and Twenty Paise Only'],
    [10000000, 'Rupees One Lakh Only'],
    [12345650, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'],
    [
      9999999999,
      'Rupees Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [1000000000, 'Rupees One Crore Only'],
    [
      123456789000,
      'Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety Only',
    ],
  ])('%p paise reads %p', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('rejects negative and fractional amounts', () => {
    expect(() => amountInWords(-100)).toThrow(DomainError);
    expect(() => amountInWords(1.5)).toThrow(DomainError);
  });
});
