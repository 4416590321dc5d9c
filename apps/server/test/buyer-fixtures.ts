/** An address-book entry as a buyer enters it. */
export const homeAddress = (extra: Record<string, unknown> = {}) => ({
  label: 'Head office',
  contactName: 'Ravi Kumar',
  phone: '9811122233',
  line1: '12 MG Road',
  line2: 'Floor 3',
  city: 'Pune',
  state: 'maharashtra',
  pinCode: '411001',
  ...extra,
});
