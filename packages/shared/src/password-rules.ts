/**
 * What makes a password refused beyond its length, the same in the browser and on the server. The list of common
 * and breached passwords is data handed in by each side (setCommonPasswords): the server loads it at start, the
 * browser in its own chunk when a password form opens, so this package stays zod-only and the landing page never
 * downloads it.
 */
export const PASSWORD_MESSAGES = {
  common: 'This password is too common. Choose one that is harder to guess.',
  blank: 'Password must not be only spaces.',
  sameAsLogin: 'Password must not be your email address or phone number.',
} as const;

let common: ReadonlySet<string> | undefined;

/** The common and breached passwords (compared in lower case). */
export function setCommonPasswords(list: Iterable<string>): void {
  common = new Set(Array.from(list, (p) => p.toLowerCase()));
}

export function commonPasswordsLoaded(): boolean {
  return common !== undefined;
}

/** Digits and symbols people add to a word to pass a rule: "Password@123" is "password" to a guesser. */
const DECORATION = /[^\p{L}]+$/u;

/**
 * True for a password a guesser tries first: on the list (in any letter case, or once the digits and symbols
 * after a word are taken off), one short group repeated ("aaaaaaaa", "abcabcabc", "12121212"), or a straight run
 * of letters or digits ("abcdefgh", "98765432").
 */
export function isGuessablePassword(password: string): boolean {
  const lower = password.toLowerCase();
  const word = lower.replace(DECORATION, '');
  return [lower, ...(word.length >= 4 && word !== lower ? [word] : [])].some(
    (candidate) => /^(.{1,4})\1+$/su.test(candidate) || isStraightRun(candidate) || Boolean(common?.has(candidate)),
  );
}

function isStraightRun(s: string): boolean {
  if (s.length < 3) return false;
  const step = (s.codePointAt(1) ?? 0) - (s.codePointAt(0) ?? 0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < s.length; i++) {
    if ((s.codePointAt(i) ?? 0) - (s.codePointAt(i - 1) ?? 0) !== step) return false;
  }
  return true;
}

const digits = (s: string) => s.replace(/[^0-9]/g, '');

/** True when the password is the account's e-mail (any case) or its mobile number (with or without +91 or 0). */
export function isSameAsLogin(password: string, login: { email?: string; phone?: string }): boolean {
  const p = password.trim().toLowerCase();
  if (login.email && p === login.email.trim().toLowerCase()) return true;
  if (login.phone && /^[+0-9\s()-]+$/.test(p)) {
    const mobile = digits(login.phone).slice(-10);
    const typed = digits(p);
    return mobile.length === 10 && typed.endsWith(mobile) && ['', '0', '91'].includes(typed.slice(0, -10));
  }
  return false;
}

/** The message for a password refused for what it is (its length is checked apart), or undefined. */
export function passwordProblem(password: string, login?: { email?: string; phone?: string }): string | undefined {
  if (password.length > 0 && password.trim() === '') return PASSWORD_MESSAGES.blank;
  if (login && isSameAsLogin(password, login)) return PASSWORD_MESSAGES.sameAsLogin;
  if (isGuessablePassword(password)) return PASSWORD_MESSAGES.common;
  return undefined;
}
