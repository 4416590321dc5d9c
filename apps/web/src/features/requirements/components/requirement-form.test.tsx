import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REQUIREMENT_ATTACHMENT_MESSAGES, REQUIREMENT_MESSAGES } from '@ub/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { RequirementForm } from './requirement-form.tsx';

async function fillValid() {
  await userEvent.type(screen.getByLabelText('What do you need?'), 'Wooden puzzles');
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'toys');
  await userEvent.type(screen.getByLabelText('Quantity'), '500');
  await userEvent.type(screen.getByLabelText('Target price per unit (₹, optional)'), '45.5');
  await userEvent.type(screen.getByLabelText('Quotes wanted by'), '2031-12-31');
  await userEvent.selectOptions(screen.getByLabelText('Delivery state'), 'Karnataka');
  await userEvent.type(screen.getByLabelText('Delivery PIN code'), '560025');
}

describe('the requirement form', () => {
  it('says what is missing or wrong and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<RequirementForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Delivery PIN code'), '1234');
    await userEvent.type(screen.getByLabelText('Quotes wanted by'), '2020-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Post requirement' }));
    expect(await screen.findByText('What you need is required.')).toBeTruthy();
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    expect(screen.getByText(REQUIREMENT_MESSAGES.pinCode)).toBeTruthy();
    expect(screen.getByText(REQUIREMENT_MESSAGES.deadlineFuture)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the parsed values, and keeps what was typed when the server refuses', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(REQUIREMENT_MESSAGES.tooManyOpen(10), 409));
    render(<RequirementForm onSubmit={onSubmit} />);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Post requirement' }));
    expect(await screen.findByText(REQUIREMENT_MESSAGES.tooManyOpen(10))).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Wooden puzzles',
        category: 'toys',
        quantity: 500,
        unit: 'piece',
        targetPrice: 45.5,
        deadline: '2031-12-31',
        deliveryState: 'Karnataka',
        pinCode: '560025',
      }),
      [],
    );
    expect((screen.getByLabelText('What do you need?') as HTMLInputElement).value).toBe('Wooden puzzles');
    expect((screen.getByLabelText('Delivery PIN code') as HTMLInputElement).value).toBe('560025');
  });

  it('puts the server field messages on their fields', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Check the form.', 400, { pinCode: 'This PIN code is not served.' }));
    render(<RequirementForm onSubmit={onSubmit} />);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Post requirement' }));
    expect(await screen.findByText('This PIN code is not served.')).toBeTruthy();
  });

  it('sends chosen attachments with the values, and refuses a wrong type or too many before sending', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<RequirementForm onSubmit={onSubmit} />);
    await fillValid();
    const input = screen.getByLabelText('Attachments (optional)') as HTMLInputElement;
    const script = new File(['<script>'], 'page.html', { type: 'text/html' });
    await userEvent.upload(input, script, { applyAccept: false });
    expect(await screen.findByText(REQUIREMENT_ATTACHMENT_MESSAGES.badType('page.html'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Post requirement' }));
    expect(onSubmit).not.toHaveBeenCalled();

    const six = Array.from({ length: 6 }, (_, i) => new File(['%PDF-'], `d${i}.pdf`, { type: 'application/pdf' }));
    await userEvent.upload(input, six);
    expect(await screen.findByText(REQUIREMENT_ATTACHMENT_MESSAGES.tooMany)).toBeTruthy();

    const drawing = new File(['%PDF-1.4'], 'drawing.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, drawing);
    await userEvent.click(screen.getByRole('button', { name: 'Post requirement' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual([drawing]);
  });
});
