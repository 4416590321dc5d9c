import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem, setCommonPasswords } from './password-rules.ts';
import { passwordPairSchemaFor, registerSchema, resetPasswordSchema } from './schemas/auth.ts';

describe('password rules', () => {
  it('refuses blank, repeated and straight-run passwords even before the list is loaded', () => {
    expect(passwordProblem('        ')).toBe(PASSWORD_MESSAGES.blank);
    for (const p of ['aaaaaaaa', '12121212', 'abcabcabc', 'abcdefgh', '98765432', 'zyxwvuts', 'aaaaaaaa!1']) {
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.common);
    }
    expect(passwordProblem('Kesar-Mango-Lassi-7')).toBeUndefined();
  });

  it('refuses a listed password in any letter case, and a listed word with digits and symbols after it', () => {
    setCommonPasswords(['password', 'welcome', 'qwertyuiop']);
    for (const p of ['password', 'PassWord', 'Password@123', 'welcome2024!', 'QWERTYUIOP']) {
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.common);
    }
    // A listed word inside a longer passphrase is fine.
    expect(passwordProblem('welcome-mat-blue-7')).toBeUndefined();
  });

  it('refuses the account e-mail and phone, however the phone is written, and nothing merely containing them', () => {
    const login = { email: 'asha@example.in', phone: '9812345670' };
    for (const p of ['asha@example.in', ' ASHA@example.in ', '9812345670', '+91 98123 45670', '09812345670']) {
      expect(passwordProblem(p, login), p).toBe(PASSWORD_MESSAGES.sameAsLogin);
    }
    expect(passwordProblem('19812345670', login)).toBeUndefined();
    expect(passwordProblem('asha@example.in-and-more', login)).toBeUndefined();
  });

  it('puts the message on the password field of each form schema', () => {
    const pair = passwordPairSchemaFor({ email: 'asha@example.in', phone: '9812345670' }).safeParse({
      password: '9812345670',
      confirm_password: '9812345670',
    });
    expect(pair.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', PASSWORD_MESSAGES.sameAsLogin],
    ]);
    const reset = resetPasswordSchema.safeParse({ phoneNumber: '9876543210', code: '123456', newPassword: '        ' });
    expect(reset.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.blank);
    const reg = registerSchema.safeParse({ password: 'password', confirm_password: 'password' });
    expect(reg.error?.issues.find((i) => i.path[0] === 'password')?.message).toBe(PASSWORD_MESSAGES.common);
  });
});
