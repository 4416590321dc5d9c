import { expect, test } from '@playwright/test';
import { registerSeller } from '../support/api.ts';
import { E2E_ADMIN } from '../support/env.ts';
import { screenshots } from '../support/screens.ts';

test('a seller signs in with Remember me, survives a reload and logs out', async ({ page, request }) => {
  const seller = await registerSeller(request);
  await page.goto('/login');
  await screenshots(page, 'login');
  await page.getByLabel('Email or Phone').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Manufacturers App')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.goto('/dashboard/settings');
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);

  await page.getByRole('button', { name: seller.fullName }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong credentials show "Invalid Credentials" and keep what was typed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or Phone').fill('nobody@example.in');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid Credentials');
  await expect(page.getByLabel('Email or Phone')).toHaveValue('nobody@example.in');
});

test('an administrator signs in; a seller token does not open the admin console', async ({ page, request }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Admin Console')).toBeVisible();
  await page.getByRole('button', { name: 'Admin Menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  const seller = await registerSeller(request);
  const login = await request.post('/api/login', { data: { username: seller.email, password: seller.password } });
  const { token } = await login.json();
  await page.evaluate((t) => localStorage.setItem('adminToken', t), token);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
