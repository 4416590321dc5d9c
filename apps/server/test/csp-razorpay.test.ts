import { describe, expect, it } from 'vitest';
import { call, useTestApp } from './helpers.ts';

/** The directive `name` of a Content-Security-Policy header, as its list of sources. */
function directive(header: string | undefined, name: string): string[] {
  const d = (header ?? '')
    .split(';')
    .map((p) => p.trim().split(/\s+/))
    .find((p) => p[0] === name);
  return d ? d.slice(1) : [];
}

describe('Content-Security-Policy with PAYMENT_PROVIDER=razorpay', () => {
  const t = useTestApp({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_AbCdEfGh123456',
    RAZORPAY_KEY_SECRET: 'test-secret-0123456789',
    RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-0123',
    RAZORPAY_API_BASE: 'http://127.0.0.1:9/v1',
  });

  it("allows Checkout.js, its iframe and its calls home, beside 'self'", async () => {
    const res = await call(t.app, 'GET', '/api/health');
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(directive(csp, 'frame-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com']),
    );
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com']),
    );
    expect(directive(csp, 'form-action')).toEqual(expect.arrayContaining(["'self'", 'https://api.razorpay.com']));
    // Nothing else is opened: no wildcard, no inline script, the page still cannot be framed.
    expect(csp).not.toMatch(/\*\.razorpay|unsafe-eval/);
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('Content-Security-Policy with the test provider', () => {
  const t = useTestApp();

  it('allows no Razorpay origin', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('razorpay');
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
