export const POLICY_TITLE = 'Privacy Policy & Terms and Conditions';

/** Links to the policy point here; the landing page opens the policy whenever the address has this fragment. */
export const POLICY_HASH = '#privacy-policy';
