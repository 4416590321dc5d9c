import { labelOf, UNITS } from '@ub/shared';
import type { TFunction } from '../../lib/i18n.tsx';

/**
 * A unit's name in the active language, for one or for many ("Box", "Boxes"); a unit the catalogue does not know
 * (an old row) is shown capitalised as `unitLabel` would.
 */
export function unitName(t: TFunction, unit: string, quantity = 1): string {
  return (UNITS as readonly string[]).includes(unit)
    ? t(`products.units.${unit}`, { count: quantity })
    : labelOf({}, unit);
}
