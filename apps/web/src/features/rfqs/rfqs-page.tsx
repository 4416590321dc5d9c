import { PlainPage } from '../../components/plain-page.tsx';

export default function Page() {
  return <PlainPage title="RFQ Management" />;
}
