import { DomainError } from '../errors/domain.error.js';
import { DOCUMENT_NUMBER_MAX_LENGTH } from '../invoices/document-number.js';
import { commissionInvoiceFigures, formatCommissionInvoiceNumber } from './commission-invoice.js';

describe('commission invoice numbers', () => {
  it('are COM/<financial year>/<6 digits>, at most 16 characters', () => {
    expect(formatCommissionInvoiceNumber('26-27', 1)).toBe('COM/26-27/000001');
    expect(formatCommissionInvoiceNumber('26-27', 999_999)).toHaveLength(DOCUMENT_NUMBER_MAX_LENGTH);
  });

  it.each([
    ['26-27', 0],
    ['26-27', 1_000_000],
    ['2026-27', 1],
  ])('refuses financial year %p with running number %p', (fy, sequence) => {
    expect(() => formatCommissionInvoiceNumber(fy, sequence)).toThrow(DomainError);
  });
});

describe('commissionInvoiceFigures', () => {
  const booked = { commissionRevenuePaise: -25_000, commissionGstPaise: -4_500 };

  it('splits the booked GST into CGST and SGST halves for a seller in Mandi’s state', () => {
    expect(commissionInvoiceFigures(booked, 'Karnataka', 'Karnataka')).toEqual({
      supply: 'intra_state',
      commissionPaise: 25_000,
      cgstPaise: 2_250,
      sgstPaise: 2_250,
      igstPaise: 0,
      totalPaise: 29_500,
      ratePercent: 18,
      sac: '998599',
    });
  });

  it('gives the odd paisa of an odd GST to SGST', () => {
    const figures = commissionInvoiceFigures({ commissionRevenuePaise: -1_005, commissionGstPaise: -181 }, null, 'Goa');
    expect(figures).toMatchObject({ cgstPaise: 90, sgstPaise: 91, igstPaise: 0, totalPaise: 1_186 });
  });

  it('charges IGST to a seller in another state, and takes Mandi’s state when the seller has none', () => {
    expect(commissionInvoiceFigures(booked, 'Maharashtra', 'Karnataka')).toMatchObject({
      supply: 'inter_state',
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 4_500,
      totalPaise: 29_500,
    });
    expect(commissionInvoiceFigures(booked, null, 'Karnataka')?.supply).toBe('intra_state');
  });

  it('invoices nothing for a month without commission, or one whose reversals outweigh it', () => {
    expect(commissionInvoiceFigures({ commissionRevenuePaise: 0, commissionGstPaise: 0 }, null, 'Goa')).toBeNull();
    expect(
      commissionInvoiceFigures({ commissionRevenuePaise: 1_000, commissionGstPaise: 180 }, null, 'Goa'),
    ).toBeNull();
  });
});
