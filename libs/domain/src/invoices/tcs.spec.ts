import { TCS_RATES, tcsOn, tcsRateOn } from './tcs.js';

describe('TCS under section 52 of the CGST Act', () => {
  it('is 0.5% (0.25% + 0.25%, or 0.5% IGST) from 10 July 2024, 1% before, and nothing before October 2018', () => {
    expect(tcsRateOn('2024-07-10')).toMatchObject({ cgstBasisPoints: 25, sgstBasisPoints: 25, igstBasisPoints: 50 });
    expect(tcsRateOn('2024-07-09')).toMatchObject({ cgstBasisPoints: 50, sgstBasisPoints: 50, igstBasisPoints: 100 });
    expect(tcsRateOn('2026-12-03')).toBe(TCS_RATES[1]);
    expect(tcsRateOn('2018-09-30')).toBeNull();
  });

  it('splits within a state and not across, to the paisa, halves away from zero', () => {
    const rate = tcsRateOn('2026-12-03')!;
    // ₹1,234.50 within a state: 0.25% is 308.625 paise, so 309 each.
    expect(tcsOn(123_450, 'intra_state', rate)).toEqual({ cgstPaise: 309, sgstPaise: 309, igstPaise: 0 });
    expect(tcsOn(123_450, 'inter_state', rate)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 617 });
    // A month with more returned than supplied: a negative TCS.
    expect(tcsOn(-123_450, 'intra_state', rate)).toEqual({ cgstPaise: -309, sgstPaise: -309, igstPaise: 0 });
    expect(tcsOn(0, 'inter_state', rate)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
});
