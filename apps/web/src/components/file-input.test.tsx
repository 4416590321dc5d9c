import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compiledCatalogues } from '@ub/shared/i18n/catalogues';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalogue } from '../lib/i18n.tsx';
import { FileInput } from './file-input.tsx';

function Picker() {
  const ref = useRef<HTMLInputElement | null>(null);
  const [, setCount] = useState(0);
  return (
    <>
      <label htmlFor="f">दस्तावेज़</label>
      <FileInput id="f" ref={ref} onChange={() => setCount((n) => n + 1)} />
      <button
        type="button"
        onClick={() => {
          if (ref.current) ref.current.value = '';
          setCount((n) => n + 1);
        }}
      >
        clear
      </button>
    </>
  );
}

describe('a file picker in the page language', () => {
  const catalogues = compiledCatalogues();
  afterEach(() => applyCatalogue({ lang: 'en', messages: catalogues.en }));

  it('says its button and what is chosen from the catalogue, not in the browser language', async () => {
    applyCatalogue({ lang: 'hi', messages: catalogues.hi });
    render(<Picker />);
    expect(screen.getByText('फ़ाइल चुनें')).toBeInTheDocument();
    expect(screen.getByText('कोई फ़ाइल नहीं चुनी')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('दस्तावेज़'), new File(['x'], 'gst.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('gst.pdf')).toBeInTheDocument();
    // The caller clears the input after an upload: "no file" again.
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(screen.getByText('कोई फ़ाइल नहीं चुनी')).toBeInTheDocument();
  });
});
