import { matchDirectory, placeNameKey } from './address.directory.js';

// Offices of 500001 as the directory lists them, plus one made up in another district and state to show the
// messages name every candidate.
const offices = [
  { state: 'Telangana', district: 'Hyderabad' },
  { state: 'Telangana', district: 'Hyderabad' },
  { state: 'Telangana', district: 'Rangareddy' },
  { state: 'Andhra Pradesh', district: 'Krishna' },
];

describe('matchDirectory', () => {
  it('accepts a state and district of one of the offices, in any case and spacing, and gives the directory spelling', () => {
    expect(matchDirectory({ pincode: '500001', state: '  telangana ', district: 'HYDERABAD' }, offices)).toEqual({
      ok: true,
      state: 'Telangana',
      district: 'Hyderabad',
    });
    expect(matchDirectory({ pincode: '500001', state: 'Andhra  Pradesh', district: 'krishna' }, offices)).toMatchObject(
      {
        ok: true,
        district: 'Krishna',
      },
    );
  });

  it('refuses a PIN code with no office', () => {
    expect(matchDirectory({ pincode: '999999', state: 'Telangana', district: 'Hyderabad' }, [])).toEqual({
      ok: false,
      problem: { field: 'pincode', text: 'No address found for this PIN code.' },
    });
  });

  it('names the states of the PIN code when the state is none of them', () => {
    expect(matchDirectory({ pincode: '500001', state: 'Karnataka', district: 'Hyderabad' }, offices)).toEqual({
      ok: false,
      problem: { field: 'state', text: 'State does not match pincode 500001 (Telangana or Andhra Pradesh)' },
    });
  });

  it('names the districts of the PIN code within the state when the district is none of them', () => {
    expect(matchDirectory({ pincode: '500001', state: 'Telangana', district: 'Krishna' }, offices)).toEqual({
      ok: false,
      problem: { field: 'district', text: 'District does not match pincode 500001 (Hyderabad or Rangareddy)' },
    });
  });
});

describe('placeNameKey', () => {
  it('compares trimmed, with single spaces, in any case', () => {
    expect(placeNameKey('  Bangalore   North ')).toBe(placeNameKey('bangalore north'));
  });
});
