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

  it('goes to the first and the last page, and shows a window of five numbers', async () => {
    const onChange = vi.fn();
    render(<Pagination page={6} pageSize={10} total={200} onChange={onChange} prevLabel="Previous" />);
    const numbers = screen.getAllByRole('button').filter((b) => /^\d+$/.test(b.textContent ?? ''));
    expect(numbers.map((b) => b.textContent)).toEqual(['4', '5', '6', '7', '8']);
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it('disables First and Prev on the first page, Next and Last on the last', () => {
    const { rerender } = render(<Pagination page={1} pageSize={10} total={30} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last' })).toBeEnabled();
    rerender(<Pagination page={3} pageSize={10} total={30} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
  });
});
