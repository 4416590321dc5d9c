import { describe, expect, it } from 'vitest';
import { call, useTestApp } from './helpers.ts';

describe('server basics', () => {
  const t = useTestApp();

  it('answers health once migrations are applied', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await call(t.app, 'GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/not found/);
  });

  it('refuses malformed JSON with a 400 and a message, never a stack trace', async () => {
    const res = await call(t.app, 'POST', '/api/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/login');
  });

  it('sends security headers', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
