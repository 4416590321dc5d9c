/**
 * The change from `previous` to `current` in per cent, unrounded (the caller rounds and formats it): no change is 0,
 * growth from nothing counts as +100.
 */
export function trend(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return ((current - previous) / previous) * 100;
}
