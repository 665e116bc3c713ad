import { ROW_ID_MAX, rowIdOf, rowIdSchema } from './ids.js';

describe('rowIdOf: the one reading of an API id as a database row id', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
    ['2147483647', ROW_ID_MAX],
    ['abc', null],
    ['', null],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['1e3', null],
    [' 1', null],
    ['0x10', null],
    ['2147483648', null],
    ['9999999999', null],
    ['99999999999', null],
    ['9223372036854775808', null],
    ['١٢', null],
  ])('%p names %p', (text, expected) => {
    expect(rowIdOf(text)).toBe(expected);
  });

  it('is the schema parse, with its message for a non-id', () => {
    expect(rowIdSchema.parse('12')).toBe(12);
    expect(rowIdSchema.safeParse('0').error?.issues[0]?.message).toBe('Invalid id');
    expect(rowIdSchema.safeParse(12).success).toBe(false);
  });
});
