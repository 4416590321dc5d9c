import { GSTIN_MESSAGES, gstStateCode } from './gst.ts';

/**
 * Indian states and union territories with their GST state codes (the first two digits of a GSTIN), plus 97,
 * Other Territory (places outside every state and union territory, such as offshore installations). 25 (Daman and
 * Diu) is absent: it merged into 26 in 2020. 28 is Andhra Pradesh's code from before its 2014 division, still on
 * GSTN's list, so it stands for Andhra Pradesh (see OLD_CODES); the state's code today is 37.
 */
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
  { code: '97', name: 'Other Territory' },
] as const;

/** Codes of the past that still name a state today. */
const OLD_CODES: Record<string, string> = { '28': '37' };

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
  const current = OLD_CODES[code] ?? code;
  return INDIAN_STATES.find((s) => s.code === current)?.name;
}

/** The official name of a state as typed ("tamil nadu", "Orissa"), or undefined when it is not an Indian state. */
export function canonicalStateName(stateName: string): string | undefined {
  const code = gstStateCodeOf(stateName);
  return code === undefined ? undefined : stateNameOf(code);
}

/** The state code a GSTIN stands for today (28, Andhra Pradesh before 2014, is 37). */
function currentStateCodeOfGstin(gstin: string): string {
  const code = gstStateCode(gstin);
  return OLD_CODES[code] ?? code;
}

/**
 * The address's state must be the GSTIN's: it decides CGST + SGST versus IGST on every invoice. Undefined when they
 * agree (or when either is unknown, which the field rules report on their own), else the message to show.
 */
export function gstinStateMismatch(gstin: string, addressState: string): string | undefined {
  const addressCode = gstStateCodeOf(addressState);
  const gstName = stateNameOf(gstStateCode(gstin));
  if (addressCode === undefined || gstName === undefined) return undefined;
  if (currentStateCodeOfGstin(gstin) === addressCode) return undefined;
  return GSTIN_MESSAGES.stateMismatch(gstName, gstStateCode(gstin), stateNameOf(addressCode) ?? addressState.trim());
}

/**
 * Which GST applies to a supply: CGST + SGST when the supplier's state (the GSTIN's first two digits) is the
 * place of supply, IGST when the goods cross a state border.
 */
export function gstSupplyType(sellerGstin: string, placeOfSupplyState: string): 'intra' | 'inter' {
  return supplyTypeFor(sellerGstin, gstStateCodeOf(placeOfSupplyState));
}

/** gstSupplyType for a place of supply given by its state code. */
export function supplyTypeFor(sellerGstin: string, placeCode: string | undefined): 'intra' | 'inter' {
  return placeCode !== undefined && currentStateCodeOfGstin(sellerGstin) === placeCode ? 'intra' : 'inter';
}

/**
 * The place of supply (state code) of goods sent to a buyer, IGST Act s.10(1). Where the goods' movement ends (the
 * ship-to state, s.10(1)(a)), except for a registered buyer: goods delivered on its direction to an address in
 * another state (bill to one state, ship to another) are deemed received by the buyer itself (s.10(1)(b)), so the
 * place of supply is its GSTIN's state, and the tax is one it can take credit for under that GSTIN.
 */
export function placeOfSupplyCode(buyerGstin: string | null | undefined, shipState: string): string | undefined {
  const gstin = buyerGstin?.trim();
  if (gstin && stateNameOf(gstStateCode(gstin)) !== undefined) return currentStateCodeOfGstin(gstin);
  return gstStateCodeOf(shipState);
}
