import { MULTI_WORD_TERMS, SYNONYM_GROUPS, synonymRows } from './synonyms.js';

describe('the synonyms list', () => {
  const rows = synonymRows();

  it('maps the Hindi names buyers type to the English ones, the canonical to itself', () => {
    const canonicalOf = (term: string) => rows.find((row) => row.term === term)?.canonical;
    expect(canonicalOf('aloo')).toBe('potato');
    expect(canonicalOf('pyaj')).toBe('onion');
    expect(canonicalOf('tamatar')).toBe('tomato');
    expect(canonicalOf('lady finger')).toBe('okra');
    expect(canonicalOf('patta gobhi')).toBe('cabbage');
    expect(canonicalOf('gobi')).toBe('cauliflower');
    expect(canonicalOf('atta')).toBe('wheat flour');
    expect(canonicalOf('potato')).toBe('potato');
  });

  it('gives every term one group only (the table key)', () => {
    const terms = rows.map((row) => row.term);
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('holds only lower-case letters and single spaces, as search terms are', () => {
    for (const { term } of rows) expect(term).toMatch(/^[a-z]+( [a-z]+)*$/);
    for (const { canonical } of SYNONYM_GROUPS) expect(rows).toContainEqual({ term: canonical, canonical });
  });

  it('fits the table columns', () => {
    for (const { term, canonical } of rows) {
      expect(term.length).toBeLessThanOrEqual(64);
      expect(canonical.length).toBeLessThanOrEqual(64);
    }
  });

  it('lists names of several words longest first', () => {
    expect(MULTI_WORD_TERMS).toContain('patta gobhi');
    const lengths = MULTI_WORD_TERMS.map((term) => term.split(' ').length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
  });
});
