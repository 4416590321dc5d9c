import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from './user-menu.tsx';

describe('UserMenu', () => {
  it('opens from the keyboard on its first item, moves with arrow keys and runs the chosen item', async () => {
    const user = userEvent.setup();
    const profile = vi.fn();
    const logout = vi.fn();
    render(
      <UserMenu
        label="Asha Patel"
        items={[
          { label: 'Profile', onSelect: profile },
          { label: 'Logout', onSelect: logout },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Asha Patel' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(logout).toHaveBeenCalledOnce();
    expect(profile).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    render(<UserMenu label="Admin Menu" items={[{ label: 'Logout', onSelect: () => {} }]} />);
    const button = screen.getByRole('button', { name: 'Admin Menu' });
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });
});
