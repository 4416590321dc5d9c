/** Indian states and union territories with their GST state codes (the first two digits of a GSTIN). */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
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
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export const INDIAN_STATE_NAMES = INDIAN_STATES.map((s) => s.name) as unknown as readonly [string, ...string[]];

const squash = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** Names people commonly type for the same place. */
const ALIASES: Record<string, string> = {
  newdelhi: '07',
  nctofdelhi: '07',
  orissa: '21',
  pondicherry: '34',
  jammuandkashmirut: '01',
  andamanandnicobar: '35',
  dadraandnagarhaveli: '26',
  damananddiu: '26',
};

const BY_NAME = new Map<string, string>(INDIAN_STATES.map((s) => [squash(s.name), s.code]));

/** The GST state code of a state name, tolerant of case, spacing and "&"; undefined when it is not an Indian state. */
export function gstStateCodeOf(stateName: string): string | undefined {
  const key = squash(stateName);
  return BY_NAME.get(key) ?? ALIASES[key];
}

export function stateNameOf(code: string): string | undefined {
  return INDIAN_STATES.find((s) => s.code === code)?.name;
}

/**
 * Which GST applies to a supply: CGST + SGST when the supplier's state (the GSTIN's first two digits) is the
 * place of supply, IGST when the goods cross a state border.
 */
export function gstSupplyType(sellerGstin: string, placeOfSupplyState: string): 'intra' | 'inter' {
  const placeCode = gstStateCodeOf(placeOfSupplyState);
  return placeCode !== undefined && sellerGstin.slice(0, 2) === placeCode ? 'intra' : 'inter';
}
