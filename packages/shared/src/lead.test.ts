import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES } from './gst.ts';
import { checkLead, LEAD_MESSAGES, type LeadInput, normalizeContact } from './lead-rules.ts';
import { leadSchema } from './schemas/lead.ts';

const good: LeadInput = {
  name: 'Asha Patil',
  company: 'Patil Plastics Pvt Ltd',
  contact: '9876543210',
  gst: '27aapfu0939f1zv',
  email: 'Asha@Example.in',
  referredBy: 'Trade fair or event',
};

/** The zod schema's first message for each field, in the same shape checkLead() returns. */
function schemaErrors(input: unknown): Record<string, string> {
  const result = leadSchema.safeParse(input);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const cases: Array<[string, Partial<LeadInput>, Record<string, string>]> = [
  ['a complete lead', {}, {}],
  ['only the required fields', { gst: '', email: '', referredBy: '' }, {}],
  ['a blank name', { name: '   ' }, { name: LEAD_MESSAGES.nameRequired }],
  ['a name over 100 characters', { name: 'a'.repeat(101) }, { name: LEAD_MESSAGES.nameTooLong }],
  ['a blank company', { company: '' }, { company: LEAD_MESSAGES.companyRequired }],
  ['a company over 150 characters', { company: 'c'.repeat(151) }, { company: LEAD_MESSAGES.companyTooLong }],
  ['a blank contact', { contact: '' }, { contact: LEAD_MESSAGES.contactRequired }],
  ['a 9-digit contact', { contact: '987654321' }, { contact: LEAD_MESSAGES.contactInvalid }],
  ['an 11-digit contact', { contact: '98765432101' }, { contact: LEAD_MESSAGES.contactInvalid }],
  ['a contact starting with 5', { contact: '5876543210' }, { contact: LEAD_MESSAGES.contactInvalid }],
  ['a contact with letters', { contact: '98765abcde' }, { contact: LEAD_MESSAGES.contactInvalid }],
  ['a GSTIN with a wrong check character', { gst: '27AAPFU0939F1ZW' }, { gst: LEAD_MESSAGES.gstInvalid }],
  ['a short GSTIN', { gst: '27AAPFU' }, { gst: LEAD_MESSAGES.gstInvalid }],
  ['a GSTIN with state code 00', { gst: '00AAPFU0939F1ZB' }, { gst: GSTIN_MESSAGES.stateCode }],
  ['a GSTIN of Daman and Diu (25)', { gst: '25AAPFU0939F1ZZ' }, { gst: GSTIN_MESSAGES.merged25 }],
  ['a malformed email', { email: 'asha@example' }, { email: LEAD_MESSAGES.emailInvalid }],
  ['a long referral', { referredBy: 'r'.repeat(101) }, { referredBy: LEAD_MESSAGES.referredByTooLong }],
  [
    'everything wrong at once',
    { name: '', company: '', contact: '12', gst: 'X', email: 'nope' },
    {
      name: LEAD_MESSAGES.nameRequired,
      company: LEAD_MESSAGES.companyRequired,
      contact: LEAD_MESSAGES.contactInvalid,
      gst: LEAD_MESSAGES.gstInvalid,
      email: LEAD_MESSAGES.emailInvalid,
    },
  ],
];

describe('lead rules', () => {
  it.each(cases)('the browser check and the server schema agree on %s', (_name, change, expected) => {
    const input = { ...good, ...change };
    expect(checkLead(input)).toEqual(expected);
    expect(schemaErrors(input)).toEqual(expected);
  });

  it('normalises what it stores: GSTIN upper-cased and stripped, email lower-cased, blanks dropped', () => {
    const parsed = leadSchema.parse({ ...good, gst: ' 27-aapfu-0939-f1zv ', referredBy: '  ' });
    expect(parsed).toEqual({
      name: 'Asha Patil',
      company: 'Patil Plastics Pvt Ltd',
      contact: '9876543210',
      gst: '27AAPFU0939F1ZV',
      email: 'asha@example.in',
      referredBy: undefined,
    });
  });

  it('rejects a lead with the required fields missing entirely', () => {
    expect(schemaErrors({})).toEqual({
      name: LEAD_MESSAGES.nameRequired,
      company: LEAD_MESSAGES.companyRequired,
      contact: LEAD_MESSAGES.contactRequired,
    });
  });
});

describe('normalizeContact', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['98765432101', '9876543210'],
    ['91234567890', '9123456789'],
    ['abc', ''],
  ])('keeps %j as %j', (typed, kept) => {
    expect(normalizeContact(typed)).toBe(kept);
  });
});
