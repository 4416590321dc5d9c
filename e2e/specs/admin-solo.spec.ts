import { adminToken, apiLogin, openAsAdmin, registerSeller, uploadVerificationDocuments } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';
import { expect, test } from '../support/solo.ts';

/*
 * Admin checks that need the whole site to themselves, so each runs on a server of its own (support/solo.ts): the
 * dashboard shows the five newest requests, the audit log the ten newest entries, and the settlement run covers
 * every seller's orders. On the shared server the other specs' sellers and approvals would push these rows off,
 * and their delivered orders would be settled. The tests run in order in one worker, on one private server.
 */
test.describe.configure({ mode: 'default' });

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
  await openAsAdmin(page, await adminToken(request));

  // The dashboard lists both requests; its charts have this month's registrations.
  const requests = page.getByRole('table', { name: 'New Manufacturer Requests' });
  await expect(requests.getByRole('row', { name: new RegExp(seller.companyName) })).toBeVisible();
  await expect(page.getByText('Platform Performance Overview')).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
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
  await page
    .getByRole('dialog', { name: 'Approve this seller?' })
    .getByRole('button', { name: 'Approve seller' })
    .click();
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

// The settlement run covers every seller's delivered, paid orders: on this server there are none.
test("generating the week's settlements with no delivered, paid order says there is nothing to settle", async ({
  page,
  request,
}) => {
  await openAsAdmin(page, await adminToken(request), '/admin/payments');
  await page.getByRole('tab', { name: 'Settlements' }).click();
  await page.getByRole('button', { name: "Generate this week's settlements" }).click();
  await page
    .getByRole('dialog', { name: 'Run settlements now?' })
    .getByRole('button', { name: 'Run settlements' })
    .click();
  await expect(page.getByText(/^Nothing was due\. /)).toBeVisible();
});
