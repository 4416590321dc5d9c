import { expect, type APIRequestContext, test } from '@playwright/test';
import { adminToken, apiLogin, openAsSeller, registerSeller } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

/** The admin replies, through the inbox API, to the newest message from `email` with this subject. */
async function adminReplies(request: APIRequestContext, admin: string, email: string, subject: string, reply: string) {
  const list = await request.get('/api/admin/contact-messages?pageSize=50', {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(list.ok()).toBe(true);
  const message = (await list.json()).messages.find(
    (m: { subject: string; email: string }) => m.subject === subject && m.email === email,
  );
  expect(message, `contact message "${subject}" stored`).toBeTruthy();
  const res = await request.post(`/api/admin/contact-messages/${message.id}/reply`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { reply },
  });
  expect(res.ok()).toBe(true);
  return message;
}

test('a seller writes to support, the admin replies, and the bell updates live; the panel manages notifications', async ({
  page,
  request,
}) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  const admin = await adminToken(request);
  await openAsSeller(page, token, seller.userId, '/dashboard/help');

  await expect(page.getByRole('heading', { name: 'Help & Docs' })).toBeVisible();
  await expect(page.getByText('Mon-Fri 9:00 AM - 6:00 PM IST')).toBeVisible();
  await expect(page.getByText('We respond within 24 hours.')).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // Client-side validation keeps the form from sending.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Subject is required.')).toBeVisible();

  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Subject').fill('Settlement question');
  await page.getByLabel('Message').fill('When is my first settlement paid?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully!' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');

  // FAQ: keyboard-operable disclosure buttons.
  const faq = page.getByRole('button', { name: 'How do I update my banking details?' });
  await expect(faq).toHaveAttribute('aria-expanded', 'false');
  await faq.focus();
  await page.keyboard.press('Enter');
  await expect(faq).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/bank statement not older than 3 months/)).toBeVisible();
  await screenshots(page, 'help');

  // The reply reaches the seller's bell without a reload.
  await adminReplies(request, admin, seller.email, 'Settlement question', 'Settlements are paid weekly, every Friday.');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  for (const subject of ['Second question', 'Third question']) {
    const sent = await request.post('/api/contact/admin', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: seller.fullName, email: seller.email, subject, message: 'Please help.' },
    });
    expect(sent.status()).toBe(201);
    await adminReplies(request, admin, seller.email, subject, `Answer to ${subject}`);
  }
  await expect(page.getByTestId('notification-badge')).toHaveText('3');

  await bell.click();
  await expect(page.getByText('Reply from support: Third question')).toBeVisible();
  await page.getByRole('button', { name: 'View all notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: '3 unread notifications' })).toBeVisible();
  await screenshots(page, 'notifications-panel');

  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await items.filter({ hasText: 'Third question' }).getByRole('button', { name: 'Mark read' }).click();
  await expect(panel.getByRole('heading', { name: '2 unread notifications' })).toBeVisible();
  await expect(items.filter({ hasText: 'Third question' }).getByRole('button', { name: 'Mark read' })).toHaveCount(0);
  await expect(page.getByTestId('notification-badge')).toHaveText('2');

  await panel.getByRole('tab', { name: 'Unread (2)' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Third question' })).toHaveCount(0);

  await panel.getByRole('tab', { name: 'All' }).click();
  await items.filter({ hasText: 'Second question' }).getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveCount(2);
  await expect(panel.getByRole('heading', { name: '1 unread notifications' })).toBeVisible();

  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByRole('heading', { name: '0 unread notifications' })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  await panel.getByRole('button', { name: 'Clear All' }).click();
  await panel.getByRole('button', { name: 'Yes, clear all' }).click();
  await expect(panel.getByText('No notifications to show')).toBeVisible();

  // Persisted on the server: a reload shows the same empty list.
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText('No notifications to show')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'View all notifications' }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('Notification Settings stores which kinds also go by e-mail', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  await openAsSeller(page, token, seller.userId);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'View all notifications' }).click();
  await page.getByRole('button', { name: 'Notification Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Notification Settings' });
  await settings.getByLabel('New order').check();
  await settings.getByLabel('Settlement paid').check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();

  const stored = await request.get('/api/notifications/preferences', { headers: { authorization: `Bearer ${token}` } });
  expect((await stored.json()).email).toEqual(['order_new', 'settlement_paid']);
});

test('a failed contact message keeps what was typed and shows the server error', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  await openAsSeller(page, token, seller.userId, '/dashboard/help');
  await page.route('**/api/contact/admin', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: '{"error":"Too many requests. Please try again later."}',
    }),
  );
  await page.getByLabel('Subject').fill('Kept subject');
  await page.getByLabel('Message').fill('Kept message');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many requests. Please try again later.' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Kept subject');
  await expect(page.getByLabel('Message')).toHaveValue('Kept message');

  await page.unroute('**/api/contact/admin');
  await page.route('**/api/contact/admin', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Network error. Please try again.' })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Kept message');
});
