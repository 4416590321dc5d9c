import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES } from '../gst.ts';
import { registerStep2Schema } from './auth.ts';
import { buyerRegisterSchema } from './trade.ts';

/** Each field's first message, as the forms show them. */
function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const step2 = {
  full_name: 'Asha Patil',
  company_name: 'Patil Plastics',
  company_address: '14 Udyog Vihar, Gurugram',
  state: 'Haryana',
  category: 'toys',
  gst_number: '27AAPFU0939F1ZV',
};
const mismatch = GSTIN_MESSAGES.stateMismatch('Maharashtra', '27', 'Haryana');

describe('the GSTIN and the address state in the registration forms', () => {
  it('reports the state mismatch together with the other fields, so the form shows every message at once', () => {
    expect(messages(registerStep2Schema.safeParse({ ...step2, full_name: '' }))).toEqual({
      full_name: 'Full name is required.',
      gst_number: mismatch,
    });
  });

  it('reports only the GSTIN rule when the GSTIN itself is wrong, and only the state when it is not Indian', () => {
    expect(messages(registerStep2Schema.safeParse({ ...step2, gst_number: '27AAPFU0939F1ZW' }))).toEqual({
      gst_number: GSTIN_MESSAGES.invalid,
    });
    expect(messages(registerStep2Schema.safeParse({ ...step2, state: 'Atlantis' }))).toEqual({
      state: 'Choose an Indian state or union territory.',
    });
  });

  it('accepts the GSTIN of the address state and stores the official state name', () => {
    const parsed = registerStep2Schema.parse({ ...step2, state: 'maharashtra' });
    expect(parsed.state).toBe('Maharashtra');
  });

  it('applies the same rule to a buyer, whose GSTIN is optional', () => {
    const buyer = {
      email: 'b@example.in',
      phone: '9811122233',
      password: 'Sup3rSecret!',
      company_name: 'Kirana',
      contact_name: 'Ravi',
      address: 'Sector 29, Gurugram',
      state: 'Haryana',
    };
    expect(buyerRegisterSchema.safeParse(buyer).success).toBe(true);
    expect(buyerRegisterSchema.safeParse({ ...buyer, gst_number: '' }).success).toBe(true);
    expect(messages(buyerRegisterSchema.safeParse({ ...buyer, gst_number: '27AAPFU0939F1ZV' }))).toEqual({
      gst_number: mismatch,
    });
  });
});
