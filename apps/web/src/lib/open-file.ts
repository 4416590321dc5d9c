import { ApiError, NETWORK_ERROR } from './api.ts';
import { getToken, type Realm } from './auth-storage.ts';

/**
 * Opens a private file of the API (it needs the bearer token, so a plain link cannot) in a new tab: the tab is
 * opened at once, inside the click, so pop-up blockers let it through, and shows the file once it has arrived.
 */
export async function openPrivateFile(url: string, realm: Realm): Promise<void> {
  const tab = window.open('', '_blank');
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: `Bearer ${getToken(realm) ?? ''}` } });
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
