import { SEARCH_LIMITS, searchTerms } from './search-terms.js';

describe('searchTerms', () => {
  it('lower-cases and splits on anything that is not a letter or digit', () => {
    expect(searchTerms('  Desi TAMATAR, 1kg!  ')).toEqual(['desi', 'tamatar', '1kg']);
    expect(searchTerms('farm-fresh/organic')).toEqual(['farm', 'fresh', 'organic']);
  });

  it('has no terms for blank text or text without letters', () => {
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms('%_\'";')).toEqual([]);
  });

  it('keeps each word once, in order', () => {
    expect(searchTerms('aam Aam AAM kesar')).toEqual(['aam', 'kesar']);
  });

  it('keeps the synonyms list names of several words together', () => {
    expect(searchTerms('fresh Lady  Finger')).toEqual(['fresh', 'lady finger']);
    expect(searchTerms('patta gobhi')).toEqual(['patta gobhi']);
    expect(searchTerms('gobhi patta')).toEqual(['gobhi', 'patta']);
  });

  it('drops a lone letter beside longer words, but keeps one typed alone', () => {
    expect(searchTerms("farmer's ghee")).toEqual(['farmer', 'ghee']);
    expect(searchTerms('t')).toEqual(['t']);
  });

  it('keeps Devanagari words whole, vowel signs included', () => {
    expect(searchTerms('देसी टमाटर')).toEqual(['देसी', 'टमाटर']);
  });

  it('takes at most five words of at most 32 characters', () => {
    expect(searchTerms('a1 b2 c3 d4 e5 f6 g7')).toEqual(['a1', 'b2', 'c3', 'd4', 'e5']);
    expect(searchTerms('x'.repeat(40))).toEqual(['x'.repeat(SEARCH_LIMITS.termMaxChars)]);
  });
});
