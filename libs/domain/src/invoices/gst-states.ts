/**
 * The states and union territories of India with their GST state codes (the first two digits of a GSTIN, printed
 * beside the place of supply). Names are today's official ones; the aliases are the spellings other sources use,
 * among them the India Post directory our addresses come from ('Chattisgarh', 'Pondicherry', 'Andaman & Nicobar').
 */
export const GST_STATES: readonly { code: string; name: string; aliases?: readonly string[] }[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand', aliases: ['Uttaranchal'] },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi', aliases: ['NCT of Delhi', 'New Delhi'] },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha', aliases: ['Orissa'] },
  { code: '22', name: 'Chhattisgarh', aliases: ['Chattisgarh', 'Chhatisgarh'] },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  // Code 25 (Daman and Diu) was merged into 26 in 2020.
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    aliases: ['Dadra and Nagar Haveli', 'Daman and Diu'],
  },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry', aliases: ['Pondicherry'] },
  { code: '35', name: 'Andaman and Nicobar Islands', aliases: ['Andaman and Nicobar'] },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
];

/** A state name reduced to lower-case letters, with '&' read as 'and': 'Andaman & Nicobar' -> 'andamanandnicobar'. */
function stateKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]/g, '');
}

const CODE_BY_KEY = new Map<string, string>(
  GST_STATES.flatMap(({ code, name, aliases = [] }) =>
    [name, ...aliases].map((spelling) => [stateKey(spelling), code] as const),
  ),
);

/** The GST state code of a state or union territory by any of its spellings ('Karnataka' -> '29'), or null when unknown. */
export function gstStateCode(stateName: string): string | null {
  return CODE_BY_KEY.get(stateKey(stateName)) ?? null;
}

/**
 * Whether two state names are the same state for GST, which decides CGST + SGST (same state) against IGST. Known
 * states compare by code, so spellings do not matter; unknown names compare by their letters.
 */
export function isSameGstState(a: string, b: string): boolean {
  const codeA = gstStateCode(a);
  const codeB = gstStateCode(b);
  if (codeA !== null || codeB !== null) return codeA === codeB;
  return stateKey(a) === stateKey(b);
}

/** The place of supply as invoices print it: 'Karnataka (29)', or the name alone when its code is unknown. */
export function placeOfSupplyText(stateName: string): string {
  const code = gstStateCode(stateName);
  return code === null ? stateName : `${stateName} (${code})`;
}
