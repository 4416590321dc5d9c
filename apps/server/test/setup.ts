import { afterEach, vi } from 'vitest';
import { useTestPasswordCost } from '../src/modules/auth/passwords.ts';

useTestPasswordCost();

// A console.error during a test fails it: errors must be handled, not printed and forgotten.
const originalError = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
  vi.useRealTimers();
});
