import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

describe('Pagination', () => {
  it('renders nothing when every row fits on one page', () => {
    const { container } = render(<Pagination page={1} pageSize={10} total={10} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('marks the current page and asks for the next one', async () => {
    const onChange = vi.fn();
    render(<Pagination page={2} pageSize={10} total={45} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
