import { z } from 'zod';

/**
 * Vehicle registration numbers as the e-way bill portal takes them (NIC's master of valid formats, the same on the
 * e-invoice portal): the one rule of the seller's shipping and Part-B forms, the server routes behind them and the
 * local portal simulator.
 *
 * - Regular: state, two-digit RTO code, up to three series letters, four digits: KA01AB1234, KA12A1234, KA121234,
 *   KA01ABC1234; and the four-character RTO codes of some states: KA123A1234. A one-digit RTO code takes a 0
 *   (DL1C1234 is entered as DL01C1234), as the portal's advisory says.
 * - Old three-letter series: ABC1234.
 * - Bharat series: 22BH1234AB.
 * - Defence (DF...), temporary registration (TR... or TM...), Bhutan (BP...) and Nepal (NP...) vehicles: the prefix
 *   and letters or digits, 7 to 15 characters in all.
 */
export const VEHICLE_NUMBER_FORMATS: readonly RegExp[] = [
  /^[A-Z]{2}[0-9]{2}[A-Z]{0,3}[0-9]{4}$/,
  /^[A-Z]{2}[0-9]{3}[A-Z][0-9]{4}$/,
  /^[A-Z]{3}[0-9]{4}$/,
  /^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$/,
  /^(DF|TR|TM|BP|NP)[0-9A-Z]{5,13}$/,
];

export const VEHICLE_NUMBER_MESSAGE =
  'Enter a vehicle number the e-way bill portal accepts, e.g. KA01AB1234 or KA12A1234 (a one-digit RTO code takes a 0: DL1C1234 as DL01C1234).';

/** What was typed, as the portal wants it: capitals, no spaces or hyphens ("ka-01 ab 1234" is KA01AB1234). */
export const normaliseVehicleNumber = (typed: string) =>
  typed
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');

/** Whether a normalised number has one of the portal's formats. */
export const isVehicleNumber = (normalised: string) => VEHICLE_NUMBER_FORMATS.some((re) => re.test(normalised));

/**
 * A vehicle number field: normalised, then checked against the portal's formats. Empty is let through (the forms
 * ask for a vehicle only when the mode is road, and say so themselves).
 */
export const vehicleNumberSchema = z
  .string()
  .transform(normaliseVehicleNumber)
  .pipe(z.string().refine((v) => v === '' || isVehicleNumber(v), VEHICLE_NUMBER_MESSAGE));
