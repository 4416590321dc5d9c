import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { AddressForm } from './address-form.tsx';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Label'), 'Warehouse');
  await user.type(screen.getByLabelText('Contact name'), 'Suresh Patil');
  await user.type(screen.getByLabelText('Phone'), '9820098765');
  await user.type(screen.getByLabelText('PIN code'), '421302');
  await user.type(screen.getByLabelText('Address line 1'), 'Gala 7, Rahnal Village Road');
  await user.type(screen.getByLabelText('City'), 'Bhiwandi');
  await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
}

describe('AddressForm', () => {
  it('sends the checked address, with an empty line 2 left out', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<AddressForm onSubmit={onSubmit} onCancel={() => {}} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      label: 'Warehouse',
      contactName: 'Suresh Patil',
      phone: '9820098765',
      line1: 'Gala 7, Rahnal Village Road',
      line2: undefined,
      city: 'Bhiwandi',
      state: 'Maharashtra',
      pinCode: '421302',
      isDefault: false,
    });
  });

  it('refuses a PIN code starting with 0 and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddressForm onSubmit={onSubmit} onCancel={() => {}} />);
    await fillValid(user);
    await user.clear(screen.getByLabelText('PIN code'));
    await user.type(screen.getByLabelText('PIN code'), '021302');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Enter a 6-digit PIN code that does not start with 0.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field message on its field and keeps what was typed", async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError('Check the address.', 400, { city: 'City is not served yet.' }));
    render(<AddressForm onSubmit={onSubmit} onCancel={() => {}} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('City is not served yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Bhiwandi');
    expect(screen.getByLabelText('Label')).toHaveValue('Warehouse');
  });

  it('shows an address being edited and hides the default box when it is the default already', () => {
    render(
      <AddressForm
        initial={{
          id: 'a1',
          label: 'Head office',
          contactName: 'Anil Mehta',
          phone: '9820012345',
          line1: '88 Linking Road',
          line2: null,
          city: 'Mumbai',
          state: 'Maharashtra',
          pinCode: '400050',
          isDefault: true,
        }}
        onSubmit={vi.fn()}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByLabelText('Label')).toHaveValue('Head office');
    expect(screen.getByLabelText('Address line 2 (optional)')).toHaveValue('');
    expect(screen.queryByLabelText('Use as my default shipping address')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save address' })).toBeInTheDocument();
  });
});
