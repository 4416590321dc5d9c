import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Trend } from './admin-dashboard-page.tsx';

const shown = (text: RegExp) => screen.getByText(text).closest('[data-tone]')?.getAttribute('data-tone');

describe('dashboard trends', () => {
  it('shows a rising figure green and a falling one red', () => {
    render(
      <>
        <Trend value={12} />
        <Trend value={-4} />
      </>,
    );
    expect(shown(/\+12%/)).toBe('good');
    expect(shown(/-4%/)).toBe('bad');
  });

  it('shows rising disputes red and falling disputes green', () => {
    render(
      <>
        <Trend value={8} risingIsBad />
        <Trend value={-3} risingIsBad />
      </>,
    );
    expect(shown(/\+8%/)).toBe('bad');
    expect(shown(/-3%/)).toBe('good');
  });

  it('reads the sign of a trend sent as text', () => {
    render(
      <>
        <Trend value="5.5" risingIsBad />
        <Trend value="-2.5" />
        <Trend value="0" />
      </>,
    );
    expect(shown(/\+5\.5%/)).toBe('bad');
    expect(shown(/-2\.5%/)).toBe('bad');
    expect(shown(/^0%/)).toBe('flat');
  });
});
