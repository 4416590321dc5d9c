/** The figures the landing page quotes (spec section 9): a module of their own, so `/` loads nothing else. */
export const TIMINGS = {
  toastAutoCloseMs: 5000,
  stepAdvanceMs: 4000,
  stepPulseMs: 1500,
  chartAnimationMs: 1500,
} as const;

export const PROMISES = {
  callbackHours: 24,
  verificationHours: 24,
  supportHours: 'Mon-Fri 9:00 AM - 6:00 PM IST',
  supportResponseHours: 24,
  bankStatementMaxAgeMonths: 3,
  bankingUpdateBusinessDays: '2-3',
  settlementCycle: 'weekly',
} as const;

export const LANDING_COUNTERS = { sellers: 500, revenueGrowth: 5, supportHours: 24, supportDays: 7 } as const;
