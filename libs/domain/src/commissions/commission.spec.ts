import { COMMISSION_MESSAGES as M, commissionRuleOf } from './commission.js';

describe('commissionRuleOf', () => {
  test.each([
    [
      { percent: 8, fixed_fee: 0 },
      { basisPoints: 800, fixedFeePaise: 0 },
    ],
    [
      { percent: 7.55, fixed_fee: 2.5 },
      { basisPoints: 755, fixedFeePaise: 250 },
    ],
    [
      { percent: 0, fixed_fee: 100 },
      { basisPoints: 0, fixedFeePaise: 10_000 },
    ],
    [
      { percent: 30, fixed_fee: 0.01 },
      { basisPoints: 3_000, fixedFeePaise: 1 },
    ],
  ])('reads %j as basis points and paise', (input, rule) => {
    expect(commissionRuleOf(input)).toEqual(rule);
  });

  test.each([
    [{ percent: 30.01, fixed_fee: 0 }, ['percent']],
    [{ percent: 1.234, fixed_fee: 0 }, ['percent']],
    [{ percent: Number.NaN, fixed_fee: 0 }, ['percent']],
    [{ percent: 5, fixed_fee: -1 }, ['fixed_fee']],
    [{ percent: -5, fixed_fee: 100.5 }, ['percent', 'fixed_fee']],
  ])('refuses %j naming %j', (input, fields) => {
    const refused = commissionRuleOf(input);
    expect('problems' in refused && refused.problems.map((p) => p.field)).toEqual(fields);
    expect('problems' in refused && refused.problems[0]!.text).toBe(
      fields[0] === 'percent' ? M.percentInvalid : M.feeInvalid,
    );
  });
});
