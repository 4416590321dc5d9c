import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, openAsSeller, registerSeller } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

async function productImage(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 234, g: 88, b: 12 } } })
    .composite([
      {
        input: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fde68a' } })
          .png()
          .toBuffer(),
        top: 150,
        left: 250,
      },
    ])
    .png()
    .toBuffer();
}

test('a seller adds a product with an image, sees its thumbnail, edits it and deletes it', async ({
  page,
  request,
}) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  await openAsSeller(page, token, seller.userId, '/dashboard/products');
  await expect(page.getByRole('heading', { name: 'Product Management' })).toBeVisible();
  await expect(page.getByText('No products found')).toBeVisible();

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  const submit = dialog.getByRole('button', { name: 'Add Product' });
  await expect(dialog.getByText('Please upload at least one product image before submitting.')).toBeVisible();
  await expect(submit).toBeDisabled();

  await dialog.getByLabel('Product Name *').fill('Wooden Stacking Rings');
  await dialog.getByLabel('Description *').fill('Seven rainbow rings on a birch peg.');
  await dialog.getByLabel('SKU *').fill('E2E-RINGS-1');
  await dialog.getByLabel('Price (₹) *').fill('0');
  await expect(dialog.getByText('Price must be greater than 0.')).toBeVisible();
  await dialog.getByLabel('Price (₹) *').fill('249.50');
  await dialog.getByLabel('MOQ (minimum order quantity) *').fill('50');
  await dialog.getByLabel('Stock *').fill('1200');
  await dialog.getByLabel('Unit *').selectOption('piece');
  await dialog.getByLabel('Category *').selectOption('toys');
  await dialog.getByLabel('Colours').fill('  Sky Blue,,  Navy Blue ');
  await dialog.getByLabel('Colours').blur();
  await expect(dialog.getByLabel('Colours')).toHaveValue('Sky Blue, Navy Blue');
  await dialog.getByLabel('GST %').selectOption('5');
  await expect(submit).toBeDisabled();

  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'rings.png', mimeType: 'image/png', buffer: await productImage() });
  await expect(dialog.getByRole('img', { name: 'Preview of rings.png' })).toBeVisible();
  await screenshots(page, 'products-add');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /Wooden Stacking Rings/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '₹249.50 / Piece' })).toBeVisible();
  await expect(row.getByText('Active').last()).toBeVisible();
  await expect(row.getByText('Pending Approval').last()).toBeVisible();
  const thumb = row.locator('img');
  await expect(thumb).toHaveAttribute('src', /\/api\/media\/products\/.+-thumb\.webp$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshots(page, 'products-list');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Product Name *')).toHaveValue('Wooden Stacking Rings');
  await expect(edit.getByRole('img', { name: 'rings.png' })).toBeVisible();
  await edit.getByLabel('Product Name *').fill('');
  await expect(edit.getByText('Please fill all required fields correctly.')).toBeVisible();
  await edit.getByLabel('Product Name *').fill('Rainbow Stacking Rings');
  await edit.getByLabel('Stock *').fill('40');
  await edit.getByLabel('Status').selectOption('inactive');
  await screenshots(page, 'products-edit');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByRole('row', { name: /Rainbow Stacking Rings/ });
  await expect(edited.getByText('Inactive').last()).toBeVisible();
  await expect(edited.getByRole('cell', { name: /^40/ })).toBeVisible();

  await page.getByPlaceholder('Search by product name or SKU').fill('no-such-thing');
  await expect(page.getByText('No products found')).toBeVisible();
  await page.getByPlaceholder('Search by product name or SKU').fill('e2e-rings');
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete "Rainbow Stacking Rings"? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No products found')).toBeVisible();
});

test('a seller bulk uploads a CSV with one bad row and reads the error report', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  await openAsSeller(page, token, seller.userId, '/dashboard/products');
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Product Upload' });

  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download template' }).click();
  const t = await template;
  expect(t.suggestedFilename()).toBe('bulk_upload_template.csv');
  expect(readFileSync(await t.path(), 'utf8')).toBe('name,description,sku,price,moq,stock,unit\n');

  const csv = [
    'name,description,sku,price,moq,stock,unit,category',
    'Corrugated Box,5 ply,E2E-BOX-1,32.75,500,24000,piece,packaging',
    'Bubble Wrap,1 m x 100 m,E2E-BUB-1,-4,10,380,pack,packaging',
    'Jute Bag,Pack of 50,E2E-JUT-1,1650,5,140,pack,packaging',
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('2 products uploaded successfully.')).toBeVisible();
  await expect(dialog.getByText('1 failed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'View errors' }).click();
  const errorRow = dialog.getByRole('row', { name: /3 price Price must be greater than 0\./ });
  await expect(errorRow).toBeVisible();
  await screenshots(page, 'products-bulk');

  const report = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download error report' }).click();
  const r = await report;
  expect(readFileSync(await r.path(), 'utf8')).toBe(
    '"row","column","reason","sku"\n3,"price","Price must be greater than 0.","E2E-BUB-1"\n',
  );

  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'wrong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('sku,name\nA,B\n'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The columns must be exactly name,description,sku');

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('row', { name: /Corrugated Box/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Jute Bag/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Bubble Wrap/ })).toHaveCount(0);
});
