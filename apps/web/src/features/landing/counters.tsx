import { LANDING_COUNTERS } from '@ub/shared/landing';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion, useSeenOnce } from './motion.ts';
import { useT } from '../../lib/i18n.tsx';

const COUNT_UP_MS = 1500;

const COUNTERS = [
  {
    key: 'sellers',
    target: LANDING_COUNTERS.sellers,
    suffix: '+',
    label: 'landing.counters.sellers',
  },
  {
    key: 'growth',
    target: LANDING_COUNTERS.revenueGrowth,
    suffix: 'x',
    label: 'landing.counters.growth',
  },
  {
    key: 'support',
    target: LANDING_COUNTERS.supportHours,
    suffix: `x${LANDING_COUNTERS.supportDays}`,
    label: 'landing.counters.support',
  },
] as const;

/** Counts from 0 to `target` once `run` turns true, easing out; jumps straight to it under reduced motion. */
function useCountUp(target: number, run: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!run) return;
    if (prefersReducedMotion()) {
      setValue(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / COUNT_UP_MS);
      setValue(Math.round(target * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, run]);
  return value;
}

function Counter({
  target,
  suffix,
  label,
  run,
  id,
}: {
  target: number;
  suffix: string;
  label: string;
  run: boolean;
  id: string;
}) {
  const value = useCountUp(target, run);
  return (
    // justify-end packs the reversed column at the top, so the figures line up whatever their labels' length.
    <div className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200 bg-white/80 px-1.5 py-4 text-center shadow-sm sm:px-5">
      {/* Screen readers get the final figure once, not every frame of the count. */}
      <dt className="mt-1 text-xs font-medium text-slate-500 sm:text-sm">{label}</dt>
      <dd className="text-2xl font-extrabold tracking-tight text-brand-700 tabular-nums sm:text-3xl">
        <span aria-hidden="true" data-testid={`counter-${id}`}>
          {value}
          {suffix}
        </span>
        <span className="sr-only">
          {target}
          {suffix}
        </span>
      </dd>
    </div>
  );
}

/** The hero's claims (500+ sellers, 5x revenue growth, 24x7 support), counting up the first time they are seen. */
export function Counters() {
  const ref = useRef<HTMLDListElement>(null);
  const seen = useSeenOnce(ref);
  const t = useT();
  return (
    <dl ref={ref} className="grid grid-cols-3 gap-2 sm:gap-4">
      {COUNTERS.map((c) => (
        <Counter key={c.key} id={c.key} target={c.target} suffix={c.suffix} label={t(c.label)} run={seen} />
      ))}
    </dl>
  );
}
