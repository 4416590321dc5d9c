import { expect, test } from '@playwright/test';
import { adminToken, apiLogin, openAsAdmin, openAsSeller, registerSeller, uniquePhone } from '../support/api.ts';
import { screenshots, screenshotsWanted } from '../support/screens.ts';

/** A real 64x64 orange PNG, so the certificate carousel has something to draw. */
const ORANGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsEthUdP7M4JvYbACy3S9FgEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQGBywJ9TCFpNWCOBAAAAABJRU5ErkJggg==',
  'base64',
);

test('a seller downloads a PDF document and views an image document, both served as attachments', async ({
  page,
  request,
}) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  for (const [kind, name, mimeType, buffer] of [
    ['pan', 'pan.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
    ['gst_certificate', 'gst.png', 'image/png', ORANGE_PNG],
  ] as const) {
    const res = await request.post('/api/settings/documents', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { kind, file: { name, mimeType, buffer } },
    });
    expect(res.headers()['content-disposition']).toBeUndefined();
    const file = await request.get((await res.json()).url, { headers: { authorization: `Bearer ${token}` } });
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="/);
    expect(file.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
  }
  await openAsSeller(page, token, seller.userId, '/dashboard/settings');
  const pdfRow = page.getByRole('listitem').filter({ hasText: 'pan.pdf' });
  const download = page.waitForEvent('download');
  await pdfRow.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('pan.pdf');
  const imageRow = page.getByRole('listitem').filter({ hasText: 'gst.png' });
  const tab = page.context().waitForEvent('page');
  await imageRow.getByRole('button', { name: 'View' }).click();
  const opened = await tab;
  await opened.waitForLoadState();
  expect(await opened.evaluate(() => (document.querySelector('img') as HTMLImageElement | null)?.naturalWidth)).toBe(
    64,
  );
});

test('every admin screen renders at phone and desktop widths', async ({ page, request }) => {
  await openAsAdmin(page, await adminToken(request));
  const screens: Array<[string, string, string]> = [
    ['/admin/products', 'Product Management', 'admin-products'],
    ['/admin/orders', 'Order Management', 'admin-orders'],
    ['/admin/payments', 'Payments', 'admin-payments'],
    ['/admin/content', 'Content & Communication', 'admin-content'],
    ['/admin/disputes', 'Disputes', 'admin-disputes'],
    ['/admin/reports', 'Reports', 'admin-reports'],
    ['/admin/jobs', 'Background jobs', 'admin-jobs'],
    ['/admin/settings', 'Settings', 'admin-settings'],
  ];
  for (const [path, heading, name] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    // Only a screenshot needs the screen's data in; the heading is what is checked. The admin header's live
    // notification stream keeps the network busy, so no "networkidle": wait for the data.
    if (screenshotsWanted) await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
    await screenshots(page, name);
  }
  await page.goto('/admin/products');
  // Other specs (a11y, security) may have made products already: search for one that cannot exist.
  await page.getByLabel('Search products or manufacturers').fill('zz-no-such-product');
  await expect(page.getByText('No products found.')).toBeVisible();
  await expect(page.getByLabel('Category')).toContainText('All Categories');

  await page.goto('/admin/settings');
  // Verification needs the GST certificate and PAN unless the admin chooses otherwise.
  const needed = page.getByRole('group', { name: 'Documents needed for verification' });
  await expect(needed.getByRole('checkbox', { name: 'GST certificate' })).toBeChecked();
  await expect(needed.getByRole('checkbox', { name: 'PAN', exact: true })).toBeChecked();
  await expect(needed.getByRole('checkbox', { name: 'IEC' })).not.toBeChecked();
  await page.getByLabel('Full name').fill('Second Admin');
  await page.getByLabel('Email', { exact: true }).fill(`second.admin.${Date.now()}@example.in`);
  await page.getByRole('button', { name: 'Invite admin' }).click();
  await expect(page.getByText(/Temporary password for/)).toBeVisible();
});

test('a lead sent again with the same number keeps the first submission; the admin reads the repeat beside it', async ({
  page,
  request,
}) => {
  const contact = uniquePhone();
  const first = await request.post('/api/leads', {
    data: { name: 'Kavita Rao', company: `Rao Polymers ${contact}`, contact },
  });
  expect(first.status()).toBe(201);
  const again = await request.post('/api/leads', {
    data: { name: 'Someone Else', company: 'Other Traders', contact, email: 'someone@example.in' },
  });
  expect(again.status()).toBe(200);

  await openAsAdmin(page, await adminToken(request), '/admin/content');
  await page.getByLabel('Search leads').fill(contact);
  const row = page.getByRole('row', { name: new RegExp(contact) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Kavita Rao')).toBeVisible();
  await expect(row.getByText(`Rao Polymers ${contact}`)).toBeVisible();
  await expect(row.getByText('sent again')).toBeVisible();
  await row.getByRole('button', { name: 'Update' }).click();
  const repeats = page
    .getByRole('dialog', { name: 'Lead' })
    .getByRole('region', { name: 'Sent again with the same number' });
  await expect(repeats.getByText('Someone Else')).toBeVisible();
  await expect(repeats.getByText('someone@example.in')).toBeVisible();
  await screenshots(page, 'admin-lead-repeats');
});

test('site settings refuse a javascript: social link in the form, keeping what was typed', async ({
  page,
  request,
}) => {
  await openAsAdmin(page, await adminToken(request), '/admin/settings');
  const facebook = page.getByLabel('Facebook link');
  await facebook.fill('javascript:alert(document.cookie)');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Use an https:// link, or leave it empty.')).toBeVisible();
  await expect(facebook).toHaveValue('javascript:alert(document.cookie)');
  await expect(page.getByText('Site settings saved.')).toHaveCount(0);
});
