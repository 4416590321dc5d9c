import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when the runner exposes globals; ours does not.
afterEach(cleanup);

// The English catalogue, as the server would inline it (ADR 0028).
import { compiledCatalogues } from '@ub/shared/i18n/catalogues';
import { applyCatalogue } from '../lib/i18n.tsx';

applyCatalogue({ lang: 'en', messages: compiledCatalogues().en });
