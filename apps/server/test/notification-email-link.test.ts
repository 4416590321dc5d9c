import { describe, expect, it, vi } from 'vitest';
import { notify } from '../src/modules/notifications/notify.ts';
import { call, loginSeller, textNotice, useTestApp } from './helpers.ts';

const t = useTestApp({ PUBLIC_URL: 'https://udyog.example' });

describe('a notification e-mail', () => {
  it('carries the link to the record as an absolute address on the site', async () => {
    const seller = await loginSeller(t.app);
    const saved = await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: seller.token,
      body: { email: ['order_new'] },
    });
    expect(saved.statusCode).toBe(200);
    const id = '0b6f3f4e-8c1a-4a55-9d0e-1f2a3b4c5d6e';
    await notify(t.app.db, {
      userId: seller.user.id,
      type: 'order_new',
      ...textNotice('New order ORD-7', 'Order ORD-7'),
      link: `/dashboard/orders/${id}`,
    });
    await t.app.jobs.drain();
    await vi.waitFor(() => {
      const mail = t.logs.find((l) => l.event === 'email.sent' && l.to === seller.user.email);
      expect(mail?.text).toContain(`https://udyog.example/dashboard/orders/${id}`);
    }, 3000);
  });
});
