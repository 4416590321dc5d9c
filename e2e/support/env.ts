import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverLogPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results-server.log');
export const E2E_ADMIN = { email: 'e2e.admin@example.in', password: 'E2eAdminPass!1' } as const;
