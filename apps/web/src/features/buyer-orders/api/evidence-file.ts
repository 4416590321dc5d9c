import { ApiError, NETWORK_ERROR } from '../../../lib/api.ts';
import { getToken } from '../../../lib/auth-storage.ts';

/** GET /api/buyer/disputes/:id/evidence/:evidenceId: opens the file in a new tab (fetched with the token). */
export async function openEvidence(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: `Bearer ${getToken('seller') ?? ''}` } });
  } catch {
    tab?.close();
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!res.ok) {
    tab?.close();
    throw new ApiError('Could not open the file.', res.status);
  }
  const objectUrl = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = objectUrl;
  else window.location.assign(objectUrl);
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
