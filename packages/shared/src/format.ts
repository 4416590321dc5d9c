const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** Money in INR with Indian digit grouping (₹1,23,45,678.00). Accepts the numeric strings the API sends. */
export function formatInr(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return inr.format(Number.isFinite(n) ? n : 0);
}

export function formatDate(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return d.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
}

/** Today's date (YYYY-MM-DD) in India (IST, UTC+5:30, no daylight saving): the day a "not in the past" rule means. */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
