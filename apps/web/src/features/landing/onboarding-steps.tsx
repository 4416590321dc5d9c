import { TIMINGS } from '@ub/shared/landing';
import { useEffect, useRef, useState } from 'react';
import { Icon, type IconName } from './icons.tsx';
import { useReducedMotion } from './motion.ts';
import { useT } from '../../lib/i18n.tsx';

/** Words: `landing.onboarding.steps.<key>.title|text`. */
const STEPS: Array<{ icon: IconName; key: string }> = [
  { icon: 'calendar', key: 'call' },
  { icon: 'chat', key: 'specialist' },
  { icon: 'shield', key: 'verified' },
  { icon: 'rocket', key: 'done' },
];

/**
 * The highlighted step advances every 4000 ms and wraps, with a 1500 ms pulse on each change. Rotation pauses
 * while the pointer or keyboard focus is on the steps (so nobody is read a moving target), and under reduced
 * motion the highlight still moves but nothing pulses or transitions.
 */
export function OnboardingSteps() {
  const [active, setActive] = useState(0);
  const [pulsing, setPulsing] = useState(false);
  const [paused, setPaused] = useState(false);
  const reduce = useReducedMotion();
  const shown = useRef(active);
  const t = useT();

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setActive((i) => (i + 1) % STEPS.length), TIMINGS.stepAdvanceMs);
    return () => clearInterval(timer);
  }, [paused]);

  useEffect(() => {
    if (shown.current === active) return;
    shown.current = active;
    if (reduce) return;
    setPulsing(true);
    const timer = setTimeout(() => setPulsing(false), TIMINGS.stepPulseMs);
    return () => clearTimeout(timer);
  }, [active, reduce]);

  return (
    <ol
      aria-label={t('landing.onboarding.stepsLabel')}
      className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {STEPS.map((step, i) => {
        const current = i === active;
        return (
          <li
            key={step.key}
            aria-current={current ? 'step' : undefined}
            data-pulsing={current && pulsing ? 'true' : undefined}
            className={`relative flex items-start gap-4 rounded-2xl border p-5 lg:flex-col ${
              reduce ? '' : 'transition-all duration-500'
            } ${
              current
                ? 'border-brand-600 bg-white shadow-lg shadow-brand-900/10 ring-2 ring-brand-600'
                : 'border-slate-200 bg-white/70'
            } ${current && pulsing ? 'animate-step-pulse' : ''}`}
          >
            <span
              className={`grid h-12 w-12 shrink-0 place-items-center rounded-xl ${
                current ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-700'
              }`}
            >
              <Icon name={step.icon} />
            </span>
            <div>
              <p
                className={`text-xs font-bold tracking-wide uppercase ${current ? 'text-accent-700' : 'text-slate-500'}`}
              >
                {t('landing.step', { n: i + 1 })}
              </p>
              <h3 className="mt-1 text-base font-bold text-slate-900">
                {t(`landing.onboarding.steps.${step.key}.title`)}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{t(`landing.onboarding.steps.${step.key}.text`)}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
