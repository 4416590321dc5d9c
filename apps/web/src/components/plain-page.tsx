import { PageHeader } from './feedback.tsx';

/** A screen whose feature has not been built yet: its heading only, no invented content. */
export function PlainPage({ title }: { title: string }) {
  return <PageHeader title={title} />;
}
