import { commonPasswordsLoaded, setCommonPasswords } from '@ub/shared';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Hands the shared password rules the list of common and breached passwords: about 49,000, most common first
 * (zxcvbn-ts's common dictionary, itself taken from leaked-password frequency lists). Once per process, before
 * any configuration or request is validated.
 */
export function loadCommonPasswords(): void {
  if (!commonPasswordsLoaded()) setCommonPasswords(dictionary['passwords-common']);
}
