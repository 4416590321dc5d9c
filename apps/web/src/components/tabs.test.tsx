import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'paid', label: 'Paid' },
] as const;
type Tab = (typeof TABS)[number]['value'];

function Harness({ panel }: { panel?: boolean }) {
  const [tab, setTab] = useState<Tab>('all');
  return (
    <Tabs label="Payment status" tabs={TABS} value={tab} onChange={setTab}>
      {panel ? <p>Showing {tab}</p> : undefined}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('is one tab stop, and arrow keys move to the next tab and select it', async () => {
    const user = userEvent.setup();
    render(<Harness panel />);
    expect(screen.getByRole('tablist', { name: 'Payment status' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowRight}');
    const pending = screen.getByRole('tab', { name: 'Pending' });
    expect(pending).toHaveFocus();
    expect(pending).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Showing pending');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('labels its panel by the selected tab, which controls it', async () => {
    render(<Harness panel />);
    await userEvent.click(screen.getByRole('tab', { name: 'Paid' }));
    const panel = screen.getByRole('tabpanel', { name: 'Paid' });
    expect(screen.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-controls', panel.id);
  });

  it('points at no missing panel when the tabs only filter content shown elsewhere', async () => {
    render(<Harness />);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    for (const tab of screen.getAllByRole('tab')) expect(tab).not.toHaveAttribute('aria-controls');
    await userEvent.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  });
});
