import { POLICY } from '@ub/shared/constants';
import { PROMISES } from '@ub/shared/landing';
import type { ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { Modal } from '../../components/modal.tsx';
import { POLICY_TITLE } from './policy-link.ts';

const DEFINITIONS: Array<[string, string]> = [
  [
    'Platform',
    'the Udyog Bazaar website, seller app and related services through which Manufacturers and Buyers trade.',
  ],
  ['Manufacturer', 'a business registered on the Platform to list and sell its products; also called a seller.'],
  ['Buyer', 'a verified business that purchases products from Manufacturers through the Platform.'],
  ['Transaction', 'an order, request for quote or sale agreed between a Buyer and a Manufacturer on the Platform.'],
  [
    'Value-Added Services',
    'optional paid services offered by the Platform, such as logistics, credit, cataloguing and promotion.',
  ],
  ['Agreement', 'these terms, this privacy policy and any policy the Platform publishes and refers to here.'],
];

const DOCUMENTS = [
  'GST registration certificate (GSTIN)',
  'PAN card of the business',
  'Udyam/MSME registration certificate',
  'Import Export Code (IEC), for exports',
  'Certificate of incorporation (or partnership deed, for firms)',
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-base font-bold text-slate-900">{title}</h3>
      <div className="space-y-2 text-sm leading-relaxed text-slate-600">{children}</div>
    </section>
  );
}

/** The policy text the lead form's terms checkbox refers to; also opened from the footer. */
export function PolicyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={POLICY_TITLE}
      size="lg"
      closeLabel="Close policy"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className="space-y-6">
        <p className="text-sm text-slate-600">
          By sharing your details or registering as a seller you accept this Agreement. Please read it carefully.
        </p>

        <Section title="1. Definitions">
          <dl className="space-y-2">
            {DEFINITIONS.map(([term, meaning]) => (
              <div key={term}>
                <dt className="inline font-semibold text-slate-800">"{term}"</dt>{' '}
                <dd className="inline">means {meaning}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section title="2. Seller verification (KYC)">
          <p>
            The Platform verifies every Manufacturer's documents and business information before the account is
            activated, normally within {PROMISES.verificationHours} hours. Manufacturers provide:
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {DOCUMENTS.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <p>KYC is renewed every {POLICY.kycRenewalMonths} months, and whenever these details change.</p>
        </Section>

        <Section title="3. Information we collect and how we use it">
          <p>
            We collect the details you give us (name, company, GSTIN, contact number, e-mail, documents and bank
            details) to verify your business, contact you about onboarding, process Transactions and settlements, and
            meet our legal obligations. We do not sell your personal data. We share it only with Buyers to the extent a
            Transaction needs, and with payment, logistics and verification partners bound by confidentiality.
          </p>
          <p>
            You may ask us to correct or delete your information, subject to records we must keep by law. Our team
            responds to such requests within {PROMISES.supportResponseHours} hours on working days.
          </p>
        </Section>

        <Section title="4. Orders and dispatch">
          <p>
            Manufacturers dispatch accepted orders within the agreed SLA (for example, {POLICY.dispatchSla}) and keep
            stock, prices and product information accurate.
          </p>
        </Section>

        <Section title="5. Payments and settlement">
          <p>
            Payments for a Transaction are settled to the Manufacturer's verified bank account, typically{' '}
            {POLICY.settlementWorkingDays} working days after delivery, net of the Platform's commission and any
            Value-Added Services used.
          </p>
        </Section>

        <Section title="6. Value-Added Services">
          <p>Logistics credits bought on the Platform are {POLICY.logisticsCredits}.</p>
        </Section>

        <Section title="7. Non-circumvention">
          <p>
            For {POLICY.nonSolicitationMonths} months after disengaging from the Platform, a Manufacturer shall not deal
            directly with Buyers introduced through the Platform to avoid its fees.
          </p>
        </Section>

        <Section title="8. Liability">
          <p>
            The Platform's total liability for any claim is limited to {POLICY.liabilityCap}. The Platform is not liable
            for indirect or consequential loss.
          </p>
        </Section>

        <Section title="9. Termination and changes">
          <p>
            Either party may end this Agreement with {POLICY.terminationNoticeDays} days' written notice. The Platform
            gives {POLICY.amendmentNoticeDays} days' notice of changes to these policies.
          </p>
        </Section>

        <Section title="10. Governing law and disputes">
          <p>
            This Agreement is governed by {POLICY.governingLaw}. Disputes are resolved by arbitration in{' '}
            {POLICY.jurisdiction}, and the courts of {POLICY.jurisdiction} have exclusive jurisdiction.
          </p>
        </Section>
      </div>
    </Modal>
  );
}
