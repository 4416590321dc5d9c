import { formatCount, labelOf } from '@ub/shared';
import type { TFunction } from '../lib/i18n.tsx';

/** A catalogue message, or `fallback` when the catalogue does not know the id (a value newer than the catalogue). */
function known(t: TFunction, id: string, values: Record<string, unknown> | undefined, fallback: string): string {
  const text = t(id, values);
  return text === id ? fallback : text;
}

/** A unit's name in the reader's language, for `count` of it ("Box", "Boxes"). */
export function unitText(t: TFunction, unit: string, count = 2): string {
  return known(t, `common.units.${unit}`, { count }, labelOf({}, unit));
}

/** "100 Pieces", "1 Box" in the reader's language, with Indian grouping. */
export function quantityText(t: TFunction, quantity: number, unit: string | null | undefined): string {
  return unit ? `${formatCount(quantity)} ${unitText(t, unit, quantity)}` : formatCount(quantity);
}

/** A product category's name in the reader's language. */
export function categoryText(t: TFunction, category: string): string {
  return known(t, `common.categories.${category}`, undefined, labelOf({}, category));
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
