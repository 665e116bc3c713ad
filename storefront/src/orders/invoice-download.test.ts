import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './invoice-download';

describe('fileNameFromDisposition', () => {
  it.each([
    [null, null],
    ['attachment', null],
    ['attachment; filename="INV-26-27-000123.pdf"', 'INV-26-27-000123.pdf'],
    ['attachment; filename=CN-26-27-000007.pdf', 'CN-26-27-000007.pdf'],
    ['attachment; filename="invoice.pdf"; filename*=UTF-8\'\'INV%2F26-27%2F000123.pdf', 'INV_26-27_000123.pdf'],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
