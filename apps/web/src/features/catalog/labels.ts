import { CATEGORY_LABELS, formatCount, unitLabel } from '@ub/shared';
import type { TFunction } from '../../lib/i18n.tsx';

/**
 * The catalogue's vocabulary in the reader's language (ADR 0028): units, categories. The buyer area uses these
 * too. A value the catalogue does not know (a unit added later) falls back to the shared English label.
 */
function known(t: TFunction, id: string, values: Record<string, unknown>, fallback: string): string {
  const text = t(id, values);
  return text === id ? fallback : text;
}

/** "Piece" / "Pieces" ("पीस") for `count`. */
export function unitText(t: TFunction, unit: string | null | undefined, count = 1): string {
  if (!unit) return '';
  return known(t, `catalog.units.${unit}`, { count }, unitLabel(unit, count));
}

/** "100 Pieces": a quantity with its unit, Indian grouping. */
export function quantityText(t: TFunction, quantity: number, unit: string | null | undefined): string {
  return unit ? `${formatCount(quantity)} ${unitText(t, unit, quantity)}` : formatCount(quantity);
}

/** A product category's name. */
export function categoryText(t: TFunction, category: string): string {
  return known(t, `catalog.categories.${category}`, {}, CATEGORY_LABELS[category] ?? category);
}
