import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { gstCheckCharacter } from '@ub/shared/gst';
import { E2E_ADMIN, serverLogPath } from './env.ts';

/** Data for the e2e specs is made through the public API, never by reaching into the database. */

export function uniquePhone(): string {
  return `9${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}

export function validGstin(state = '27'): string {
  const L = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const l = () => L[randomInt(26)];
  const first14 = `${state}${l()}${l()}${l()}P${l()}${String(randomInt(10000)).padStart(4, '0')}${l()}1Z`;
  return first14 + gstCheckCharacter(first14);
}

export interface SellerAccount {
  email: string;
  phone: string;
  password: string;
  fullName: string;
  companyName: string;
  userId: string;
}

export async function registerSeller(
  request: APIRequestContext,
  overrides: Partial<SellerAccount> = {},
): Promise<SellerAccount> {
  const n = randomInt(1_000_000_000);
  const account = {
    email: `e2e.seller${n}@example.in`,
    phone: uniquePhone(),
    password: 'SellerPass!1',
    fullName: `E2E Seller ${n}`,
    companyName: `E2E Industries ${n}`,
    ...overrides,
  };
  const res = await request.post('/api/register', {
    data: {
      full_name: account.fullName,
      email: account.email,
      phone: account.phone,
      password: account.password,
      confirm_password: account.password,
      type: 'seller',
      company_name: account.companyName,
      gst_number: validGstin(),
      company_address: '21 Industrial Estate, Pune, Maharashtra 411019',
      state: 'Maharashtra',
      category: 'toys',
    },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const body = await res.json();
  return { ...account, userId: body.user.id };
}

/** The smallest PDF the server accepts as a verification document. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** Uploads the documents verification needs by default (GST certificate and PAN), so an admin can approve. */
export async function uploadVerificationDocuments(
  request: APIRequestContext,
  sellerToken: string,
  kinds: readonly string[] = ['gst_certificate', 'pan'],
): Promise<void> {
  for (const kind of kinds) {
    const res = await request.post('/api/settings/documents', {
      headers: { authorization: `Bearer ${sellerToken}` },
      multipart: { kind, file: { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: TINY_PDF } },
    });
    if (res.status() !== 201) throw new Error(`document upload failed: ${res.status()} ${await res.text()}`);
  }
}

export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).token;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: E2E_ADMIN });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
  return (await res.json()).token;
}

/**
 * Writes `entries` into the site's localStorage, as a sign-in would. A page not yet on the site first opens a
 * static file of the origin (no app boot); one already there is written in place.
 */
async function writeStorage(page: Page, entries: Record<string, string>): Promise<void> {
  if (!/^https?:/.test(page.url())) await page.goto('/favicon.svg');
  await page.evaluate((e) => {
    for (const [key, value] of Object.entries(e)) localStorage.setItem(key, value);
  }, entries);
}

/** Puts a seller token in the browser's storage as "Remember me" would, then opens `path`. */
export async function openAsSeller(page: Page, token: string, userId: string, path = '/dashboard'): Promise<void> {
  await writeStorage(page, { token, userId });
  await page.goto(path);
}

/**
 * Puts an admin token (from `adminToken`) in the browser's storage, then opens `path`: the admin console without
 * its sign-in screen, which login.spec.ts tests.
 */
export async function openAsAdmin(page: Page, token: string, path = '/admin'): Promise<void> {
  await writeStorage(page, { adminToken: token, adminId: 'e2e' });
  await page.goto(path);
}

/** The latest SMS the server "sent" to `phone` (SMS_PROVIDER=log writes each as a JSON line). */
export function lastSmsTo(phone: string): string | undefined {
  const lines = readFileSync(serverLogPath, 'utf8').split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (!line?.includes('"sms.sent"')) continue;
    const entry = JSON.parse(line) as { to?: string; body?: string };
    if (entry.to === phone) return entry.body;
  }
  return undefined;
}

/** A newly registered seller, signed in through the API, with its manufacturer's id. */
export async function signedInSeller(request: APIRequestContext) {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  const me = await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json();
  return { seller, token, manufacturerId: me.user.manufacturerId as string };
}

/** Uploads the seller's verification documents and has the admin (`admin`: a token) approve the manufacturer. */
export async function approveManufacturer(
  request: APIRequestContext,
  sellerToken: string,
  manufacturerId: string,
  admin: string,
): Promise<void> {
  await uploadVerificationDocuments(request, sellerToken);
  const res = await request.post(`/api/admin/manufacturers/${manufacturerId}/approve`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  if (res.status() !== 200) throw new Error(`approval failed: ${res.status()} ${await res.text()}`);
}

/** A verified (approved) seller, signed in, and the admin token that approved it. */
export async function approvedSeller(request: APIRequestContext) {
  const signedIn = await signedInSeller(request);
  const admin = await adminToken(request);
  await approveManufacturer(request, signedIn.token, signedIn.manufacturerId, admin);
  return { ...signedIn, admin };
}

/**
 * Signs in on the admin login screen with the administrator the e2e server starts with. Only a test of the sign-in
 * screen needs this; the others open the console with `openAsAdmin(page, await adminToken(request), path)`.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * The buyer confirms an order the seller converted from an RFQ (as another browser would): a new address in the
 * book, then the confirmation; until then the seller can only cancel it. `order` is its id or its number.
 */
export async function confirmAsBuyer(
  request: APIRequestContext,
  buyerAuth: Record<string, string>,
  order: { id?: string; number?: string },
): Promise<void> {
  const address = await request.post('/api/buyer/addresses', {
    headers: buyerAuth,
    data: {
      label: 'Warehouse',
      contactName: 'Receiving desk',
      phone: uniquePhone(),
      line1: 'Plot 4, MIDC Industrial Area',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411019',
    },
  });
  if (address.status() !== 201) throw new Error(`address: ${address.status()} ${await address.text()}`);
  let id = order.id;
  if (!id) {
    const list = await request.get(`/api/buyer/orders?search=${order.number}`, { headers: buyerAuth });
    id = ((await list.json()).orders as Array<{ id: string; orderId: string }>).find(
      (o) => o.orderId === order.number,
    )?.id;
  }
  const res = await request.post(`/api/buyer/orders/${id}/confirm`, {
    headers: buyerAuth,
    data: { addressId: (await address.json()).id },
  });
  if (res.status() !== 200) throw new Error(`confirm: ${res.status()} ${await res.text()}`);
}
