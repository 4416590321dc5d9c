/**
 * Where tokens live, as the spec says: a seller token in localStorage when "Remember me" is on, otherwise in
 * sessionStorage, with the user id kept in localStorage; an admin token and admin id in localStorage.
 */
const SELLER_TOKEN = 'token';
const SELLER_ID = 'userId';
const ADMIN_TOKEN = 'adminToken';
const ADMIN_ID = 'adminId';

export type Realm = 'seller' | 'admin';

export function getToken(realm: Realm): string | null {
  if (realm === 'admin') return localStorage.getItem(ADMIN_TOKEN);
  return localStorage.getItem(SELLER_TOKEN) ?? sessionStorage.getItem(SELLER_TOKEN);
}

export function storeSellerSession(token: string, userId: string, remember: boolean): void {
  clearSession('seller');
  (remember ? localStorage : sessionStorage).setItem(SELLER_TOKEN, token);
  localStorage.setItem(SELLER_ID, userId);
}

export function storeAdminSession(token: string, adminId: string): void {
  localStorage.setItem(ADMIN_TOKEN, token);
  localStorage.setItem(ADMIN_ID, adminId);
}

export function clearSession(realm: Realm): void {
  if (realm === 'admin') {
    localStorage.removeItem(ADMIN_TOKEN);
    localStorage.removeItem(ADMIN_ID);
    return;
  }
  localStorage.removeItem(SELLER_TOKEN);
  sessionStorage.removeItem(SELLER_TOKEN);
  localStorage.removeItem(SELLER_ID);
}

/** The realm of the page being shown: the admin console or everything else. */
export function currentRealm(): Realm {
  return window.location.pathname.startsWith('/admin') ? 'admin' : 'seller';
}
