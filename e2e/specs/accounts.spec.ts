import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, lastSmsTo, openAsSeller, registerSeller, uniquePhone, validGstin } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

async function readCode(phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = /\b(\d{6})\b/.exec(lastSmsTo(phone) ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

test('a manufacturer registers in four steps and sees the Received tracker', async ({ page }) => {
  const n = randomInt(1_000_000);
  const phone = uniquePhone();
  const email = `e2e.register${n}@example.in`;
  const gstin = validGstin('06');

  await page.goto('/register');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  const phoneInput = page.getByLabel('Phone Number');
  await phoneInput.fill('98a76-5');
  await expect(phoneInput).toHaveValue('98765');
  await expect(continueButton(page)).toBeDisabled();
  await phoneInput.fill('5876543210');
  await page.getByLabel('Email Address').fill('not-an-email');
  await continueButton(page).click();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await phoneInput.fill(`${phone}99`);
  await expect(phoneInput).toHaveValue(phone);
  await page.getByLabel('Email Address').fill(email);
  await screenshots(page, 'register-step1');
  await continueButton(page).click();

  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByText('Company name is required.')).toBeVisible();
  await expect(page.getByText('Please enter a valid 15-character GSTIN.')).toBeVisible();
  await page.getByLabel('Full Name').fill(`Register Tester ${n}`);
  await page.getByLabel('Company Name').fill(`Register Works ${n}`);
  await page.getByLabel('Registered Address').fill('14 Udyog Vihar, Gurugram, Haryana 122016');
  await page.getByLabel('State').selectOption('Haryana');
  await page.getByLabel('Category').selectOption({ label: 'Electronic Components' });
  // A GSTIN of another state, or with no state code at all, is refused inline and nothing typed is lost.
  await page.getByLabel('GSTIN').fill(validGstin('27'));
  await continueButton(page).click();
  await expect(
    page.getByText('This GSTIN is registered in Maharashtra (27), but the address is in Haryana.'),
  ).toBeVisible();
  await page.getByLabel('GSTIN').fill(validGstin('00'));
  await continueButton(page).click();
  await expect(
    page.getByText('A GSTIN starts with a state code from 01 to 38, or 97; please check the first two digits.'),
  ).toBeVisible();
  await expect(page.getByLabel('Registered Address')).toHaveValue('14 Udyog Vihar, Gurugram, Haryana 122016');
  await expect(page.getByLabel('State')).toHaveValue('Haryana');
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  // Typed in lower case with spaces, the GSTIN is normalised as it is typed.
  await page.getByLabel('GSTIN').fill(`${gstin.slice(0, 5).toLowerCase()} ${gstin.slice(5)}`);
  await expect(page.getByLabel('GSTIN')).toHaveValue(gstin);
  await screenshots(page, 'register-step2');

  // Back keeps what was typed on both steps.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await expect(page.getByLabel('Phone Number')).toHaveValue(phone);
  await continueButton(page).click();
  await expect(page.getByLabel('Company Name')).toHaveValue(`Register Works ${n}`);
  await expect(page.getByLabel('Category')).toHaveValue('electronic_components');
  await continueButton(page).click();

  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  // The server's password rules run in the browser: the common-password list, and not the phone of step 1.
  const common = 'This password is too common. Choose one that is harder to guess.';
  let registerCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/register')) registerCalls++;
  });
  const refused: Array<[string, string]> = [
    ['Password@123', common],
    ['12345678', common],
    ['        ', 'Password must not be only spaces.'],
    [phone, 'Password must not be your email address or phone number.'],
  ];
  for (const [weak, message] of refused) {
    await page.getByLabel('New Password').fill(weak);
    await page.getByLabel('Confirm Password').fill(weak);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
  }
  // Refused in the browser, before any request.
  expect(registerCalls).toBe(0);
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByLabel('New Password').fill('RegisterPass!1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('RegisterPass!1');
  await screenshots(page, 'register-step3');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('heading', { name: "We're on it!" })).toBeVisible();
  await expect(page.getByText('Our team will verify your details within 24 hours.')).toBeVisible();
  const tracker = page.getByRole('list', { name: 'Verification status' });
  await expect(tracker.getByRole('listitem')).toHaveText([/Received/, /Under review/, /Verified/]);
  await expect(tracker.locator('[aria-current="step"]')).toContainText('Received');
  await screenshots(page, 'register-step4');

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('RegisterPass!1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a duplicate email sends the person back to step 1 with the message, keeping the rest', async ({
  page,
  request,
}) => {
  const existing = await registerSeller(request);
  await page.goto('/register');
  await page.getByLabel('Phone Number').fill(uniquePhone());
  await page.getByLabel('Email Address').fill(existing.email);
  await continueButton(page).click();
  await page.getByLabel('Full Name').fill('Second Person');
  await page.getByLabel('Company Name').fill('Second Company');
  await page.getByLabel('Registered Address').fill('1 MG Road, Bengaluru 560001');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('Category').selectOption('toys');
  await page.getByLabel('GSTIN').fill(validGstin('29'));
  await continueButton(page).click();
  await page.getByLabel('New Password').fill('SecondPass!1');
  await page.getByLabel('Confirm Password').fill('SecondPass!1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  await page.getByLabel('Email Address').fill(`other.${existing.email}`);
  await continueButton(page).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('Second Company');
});

test('signing in without Remember me keeps the token in sessionStorage only', async ({ page, request }) => {
  const seller = await registerSeller(request);
  await page.goto('/login');
  await page.getByLabel('Email or Phone').fill(`+91 ${seller.phone}`);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.reload();
  await expect(page.getByText('Manufacturers App')).toBeVisible();
});

test('forgot password end to end: code from the SMS log, new password signs in', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const oldToken = await apiLogin(request, seller.email, seller.password);

  await page.goto('/forgot-password');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Code' })).toBeDisabled();
  await page.getByLabel('Phone Number').fill(seller.phone);
  await screenshots(page, 'forgot-step1');
  await page.getByRole('button', { name: 'Send Reset Code' }).click();

  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  const code = await readCode(seller.phone);
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  const codeInput = page.getByLabel('Verification Code');
  await codeInput.fill('12345');
  await expect(page.getByRole('button', { name: 'Verify Code' })).toBeDisabled();
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code');
  // The resend countdown runs down from 30 seconds.
  await expect(page.getByRole('button', { name: /Resend code in (2\d|1\d)s/ })).toBeDisabled();
  await screenshots(page, 'forgot-step2');
  await codeInput.fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();

  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByLabel('New Password').fill('Welcome@2025');
  await page.getByLabel('Confirm Password').fill('Welcome@2025');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  // The account's e-mail is known to the server only: its refusal lands on the field, and the code still works.
  await page.getByLabel('New Password').fill(seller.email);
  await page.getByLabel('Confirm Password').fill(seller.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must not be your email address or phone number.')).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByLabel('New Password').fill('ResetPass!2');
  await page.getByLabel('Confirm Password').fill('ResetPass!3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('ResetPass!2');
  await screenshots(page, 'forgot-step3');
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page).toHaveURL(/\/login\?message=password-reset-success$/);
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${oldToken}` } });
  expect(me.status()).toBe(401);

  await page.getByLabel('Email or Phone').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid Credentials');
  await page.getByLabel('Password', { exact: true }).fill('ResetPass!2');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('"Change Phone Number" goes back to step 1 keeping the number', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/forgot-password');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await page.getByRole('button', { name: 'Change Phone Number' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('Phone Number')).toHaveValue(phone);
  // The same number again inside the cooldown: the server's wait is shown, not a generic failure.
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByRole('alert')).toContainText(/Please wait \d+ seconds/);
});

test('a token revoked on the server sends a guarded page to /login', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  await openAsSeller(page, token, seller.userId, '/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const out = await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(out.status()).toBe(200);
  await page.goto('/dashboard/products');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('settings show the profile, empty bank details and the locked banner', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  const settings = await (await request.get('/api/settings', { headers: { authorization: `Bearer ${token}` } })).json();
  // Opened at phone width, as a phone user would, so the shell's drawer is not caught closing mid-animation.
  await page.setViewportSize({ width: 375, height: 812 });
  await openAsSeller(page, token, seller.userId, '/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Account Information Locked' })).toBeVisible();
  await expect(page.getByText(settings.profile.manufacturerId).first()).toBeVisible();
  await expect(page.getByText(seller.companyName)).toBeVisible();
  await expect(page.getByText(`+91 ${seller.phone}`)).toBeVisible();
  await expect(page.getByText('Not provided yet')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Verification pending' })).toBeVisible();
  await screenshots(page, 'settings');
});
