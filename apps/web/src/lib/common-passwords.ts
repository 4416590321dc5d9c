import { setCommonPasswords } from '@ub/shared';
import type { FieldValues, Resolver } from 'react-hook-form';

let loading: Promise<void> | undefined;

/**
 * Loads the list of common and breached passwords (the server's list, about 200 KB gzip) in its own chunk, once.
 * Only the password steps call it, so the landing page never downloads it. If the chunk cannot be fetched the
 * form still validates everything else, and the server refuses a common password with the same message.
 */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    (m) => setCommonPasswords(m.dictionary['passwords-common']),
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/**
 * A form resolver that waits for the common-password list, then validates with the resolver `make` returns at
 * that moment (so a schema can use values typed on an earlier step, such as the e-mail and phone).
 */
export function withCommonPasswords<T extends FieldValues>(make: () => Resolver<T>): Resolver<T> {
  return async (values, context, options) => {
    await loadCommonPasswords();
    return make()(values, context, options);
  };
}
