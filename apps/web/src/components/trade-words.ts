import { CATEGORY_LABELS, formatCount, labelOf, unitLabel } from '@ub/shared';
import type { TFunction } from '../lib/i18n.tsx';

/**
 * The trade's vocabulary in the reader's language (ADR 0028): units and product categories, all in the `common`
 * namespace (which every page, public or not, carries). Every screen says them through these functions. A value
 * the catalogue does not know (a unit or category added later, an old row) falls back to the shared English label.
 */
function known(t: TFunction, id: string, values: Record<string, unknown> | undefined, fallback: string): string {
  const text = t(id, values);
  return text === id ? fallback : text;
}

/** A unit's name for `count` of it ("Piece" / "Pieces", "पीस"); '' for no unit. */
export function unitText(t: TFunction, unit: string | null | undefined, count = 1): string {
  if (!unit) return '';
  return known(t, `common.units.${unit}`, { count }, unitLabel(unit, count));
}

/** A unit as the product form's options name it ("Kilogram (kg)"). */
export function unitOptionText(t: TFunction, unit: string): string {
  return known(t, `common.unitOptions.${unit}`, undefined, unitLabel(unit));
}

/** "100 Pieces", "1 Box" in the reader's language, with Indian grouping. */
export function quantityText(t: TFunction, quantity: number, unit: string | null | undefined): string {
  return unit ? `${formatCount(quantity)} ${unitText(t, unit, quantity)}` : formatCount(quantity);
}

/** A product category's name in the reader's language. */
export function categoryText(t: TFunction, category: string): string {
  return known(t, `common.categories.${category}`, undefined, labelOf(CATEGORY_LABELS, category));
}

/** What an order holds: "3 lines: 100 Pieces, 35 Boxes" (boxes and pieces are never added together). */
export function orderContentsText(
  t: TFunction,
  lines: ReadonlyArray<{ quantity: number; unit: string | null | undefined }>,
): string {
  const perUnit = new Map<string, number>();
  for (const line of lines) perUnit.set(line.unit ?? '', (perUnit.get(line.unit ?? '') ?? 0) + line.quantity);
  const quantities = [...perUnit].map(([unit, quantity]) => quantityText(t, quantity, unit || null));
  const head = t('common.lines', { count: lines.length });
  return quantities.length ? `${head}: ${quantities.join(', ')}` : head;
}
