import { afterEach, vi } from 'vitest';
import { useTestPasswordCost } from '../src/modules/auth/passwords.ts';

useTestPasswordCost();

// A console.error during a test fails it: errors must be handled, not printed and forgotten. Test files share a
// worker (isolate: false) and this file runs before each of them, so the console is wrapped once per worker.
const seen = Symbol.for('ub.test.consoleErrors');
const store = globalThis as { [seen]?: unknown[][] };
if (!store[seen]) {
  const errors: unknown[][] = [];
  store[seen] = errors;
  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    originalError(...args);
  };
}
const errors = store[seen];
afterEach(() => {
  const first = errors[0];
  errors.length = 0;
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (first) throw new Error(`console.error was called during the test: ${String(first[0])}`);
});
