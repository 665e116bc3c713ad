import { acceptedLanguages, pickLanguage, readCookie } from './language.js';

describe('the language a visitor is shown', () => {
  it('keeps a saved choice over the browser', () => {
    expect(pickLanguage('hi', ['en-US'])).toBe('hi');
    expect(pickLanguage('en', ['hi-IN'])).toBe('en');
  });

  it('offers the first of the browser languages Mandi speaks on a first visit', () => {
    expect(pickLanguage(null, ['hi-IN', 'en-GB'])).toBe('hi');
    expect(pickLanguage(null, ['ta-IN', 'hi', 'en'])).toBe('hi');
    expect(pickLanguage(null, ['en-IN', 'hi'])).toBe('en');
    expect(pickLanguage('fr', ['HI_in'])).toBe('hi');
  });

  it('falls back to English', () => {
    expect(pickLanguage(undefined, [])).toBe('en');
    expect(pickLanguage('xx', ['ta', 'mr'])).toBe('en');
  });

  it('reads Accept-Language by weight, refusing q=0', () => {
    expect(acceptedLanguages('en-US;q=0.5, hi-IN, ta;q=0.8')).toEqual(['hi-IN', 'ta', 'en-US']);
    expect(acceptedLanguages('hi;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages('*')).toEqual(['*']);
    expect(acceptedLanguages(`${'x,'.repeat(100_000)}hi`)).toHaveLength(32);
  });

  it('reads one cookie', () => {
    expect(readCookie('a=1; mandi-lang=hi; b=2', 'mandi-lang')).toBe('hi');
    expect(readCookie('mandi-langx=hi', 'mandi-lang')).toBeNull();
    expect(readCookie(undefined, 'mandi-lang')).toBeNull();
  });
});
