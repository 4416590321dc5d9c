import { expect, test } from '@playwright/test';
import { apiLogin, openAsSeller, registerSeller, signInAsAdmin, uploadVerificationDocuments } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

/** A real 64x64 orange PNG, so the certificate carousel has something to draw. */
const ORANGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsEthUdP7M4JvYbACy3S9FgEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQGBywJ9TCFpNWCOBAAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin verifies a new manufacturer, suspends them with an "Other" reason and the seller sees it', async ({
  page,
  request,
}) => {
  const seller = await registerSeller(request);
  const other = await registerSeller(request);
  const sellerToken = await apiLogin(request, seller.email, seller.password);
  for (const [kind, name, mimeType, buffer] of [
    ['gst_certificate', 'gst.png', 'image/png', ORANGE_PNG],
    ['pan', 'pan.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
  ] as const) {
    const res = await request.post('/api/settings/documents', {
      headers: { authorization: `Bearer ${sellerToken}` },
      multipart: { kind, file: { name, mimeType, buffer } },
    });
    expect(res.status()).toBe(201);
  }
  await signInAsAdmin(page);

  // The dashboard lists both requests; its charts have this month's registrations.
  const requests = page.getByRole('table', { name: 'New Manufacturer Requests' });
  await expect(requests.getByRole('row', { name: new RegExp(seller.companyName) })).toBeVisible();
  await expect(page.getByText('Platform Performance Overview')).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.waitForTimeout(1600);
  await screenshots(page, 'admin-dashboard');

  // Verify needs the GST certificate and PAN: without them the admin is told what is missing and nothing changes.
  const otherRow = requests.getByRole('row', { name: new RegExp(other.companyName) });
  await otherRow.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('Verification needs these documents, not yet uploaded: GST certificate, PAN.'),
  ).toBeVisible();
  await expect(otherRow).toHaveCount(1);
  // Once they are uploaded, Verify from the dashboard really acts: the request leaves the table.
  await uploadVerificationDocuments(request, await apiLogin(request, other.email, other.password));
  await otherRow.getByRole('button', { name: 'Verify' }).click();
  await expect(otherRow).toHaveCount(0);

  await page.getByRole('link', { name: 'Manufacturers' }).click();
  await expect(page.getByRole('heading', { name: 'Manufacturer Management' })).toBeVisible();
  await page.getByLabel('Search manufacturers').fill(seller.companyName.toUpperCase());
  const row = page.getByRole('row', { name: new RegExp(seller.companyName) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending Approval')).toBeVisible();
  await screenshots(page, 'admin-manufacturers');

  await row.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Manufacturer Details' });
  await expect(details.getByRole('button', { name: 'Zoom GST certificate: gst.png' })).toBeVisible();
  await details.getByRole('button', { name: 'Next' }).click();
  // A PDF is downloaded, never shown inside the console (one may carry a script).
  const pdfLink = details.getByRole('link', { name: /Download PAN: pan.pdf/ });
  const download = page.waitForEvent('download');
  await pdfLink.click();
  expect((await download).suggestedFilename()).toBe('pan.pdf');
  await details.getByRole('button', { name: 'Previous' }).click();
  await details.getByRole('button', { name: 'Zoom GST certificate: gst.png' }).click();
  await expect(page.getByRole('dialog', { name: 'Zoomed image' })).toBeVisible();
  await page.getByRole('button', { name: 'Close zoom' }).click();
  await expect(details.getByText(seller.email)).toBeVisible();
  await screenshots(page, 'admin-manufacturer-details');
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(details.getByText('Approved', { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Manufacturer' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  // Reasons that fit a manufacturer, not the product ones.
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  for (const reason of [
    'Documents unreadable',
    'GSTIN does not match documents',
    'Not a manufacturer',
    'Duplicate account',
    'Other',
  ]) {
    await expect(dialog.getByLabel(reason)).toBeVisible();
  }
  await expect(dialog.getByLabel('Bad images')).toHaveCount(0);
  await dialog.getByLabel('Other').check();
  await expect(dialog.getByPlaceholder('Enter custom reason')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByPlaceholder('Enter custom reason').fill('   ');
  await expect(submit).toBeDisabled();
  await dialog.getByPlaceholder('Enter custom reason').fill('Repeated late dispatches');
  await screenshots(page, 'admin-reason-dialog');
  await submit.click();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();

  // A suspended seller can still sign in and sees the new status (and the notification, where that API exists).
  const token = await apiLogin(request, seller.email, seller.password);
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).user.manufacturerStatus).toBe('suspended');
  const notes = await request.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } });
  if (notes.status() !== 404) {
    const body = await notes.json();
    const list = (Array.isArray(body) ? body : body.notifications) as Array<{ type: string; message: string }>;
    expect(list.map((n) => n.type)).toEqual(expect.arrayContaining(['account_verified', 'account_suspended']));
    expect(list.find((n) => n.type === 'account_suspended')?.message).toContain('Repeated late dispatches');
  }

  // The audit log shows who did what.
  await page.getByRole('link', { name: 'Settings' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByText('manufacturer.suspend')).toBeVisible();
  await expect(audit.getByRole('cell', { name: 'Repeated late dispatches', exact: true })).toBeVisible();
});

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

test('every admin screen renders at phone and desktop widths', async ({ page }) => {
  await signInAsAdmin(page);
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
    // The admin header's live notification stream keeps the network busy, so no "networkidle": wait for the data.
    await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
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

  await page.goto('/admin/payments');
  await page.getByRole('tab', { name: 'Settlements' }).click();
  await page.getByRole('button', { name: "Generate this week's settlements" }).click();
  await expect(page.getByText('Nothing to settle: no delivered, paid orders are waiting.')).toBeVisible();
});

test('a lead sent again with the same number keeps the first submission; the admin reads the repeat beside it', async ({
  page,
  request,
}) => {
  const contact = `9${String(Date.now()).slice(-9)}`;
  const first = await request.post('/api/leads', {
    data: { name: 'Kavita Rao', company: `Rao Polymers ${contact}`, contact },
  });
  expect(first.status()).toBe(201);
  const again = await request.post('/api/leads', {
    data: { name: 'Someone Else', company: 'Other Traders', contact, email: 'someone@example.in' },
  });
  expect(again.status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto('/admin/content');
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

test('site settings refuse a javascript: social link in the form, keeping what was typed', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const facebook = page.getByLabel('Facebook link');
  await facebook.fill('javascript:alert(document.cookie)');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Use an https:// link, or leave it empty.')).toBeVisible();
  await expect(facebook).toHaveValue('javascript:alert(document.cookie)');
  await expect(page.getByText('Site settings saved.')).toHaveCount(0);
});
