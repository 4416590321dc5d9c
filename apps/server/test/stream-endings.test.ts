import { beforeAll, describe, expect, it } from 'vitest';
import { inProcessBus } from '../src/lib/events.ts';
import { END_STREAMS_CHANNEL, type LiveStream, liveStreams } from '../src/lib/streams.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { call, createBuyerSession, loginAdmin, loginSeller, textNotice, useTestApp } from './helpers.ts';
import { openStream } from './sse-client.ts';

/**
 * Blocking a buyer, suspending a seller, deactivating an admin and signing out end that account's (or that
 * session's) open live notification streams at once, in this process without Redis; the Redis case, across
 * processes, is stream-endings-redis.test.ts. Streams of anyone else stay open.
 */
describe('live streams end with their account or session', () => {
  const t = useTestApp();
  let base: string;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await loginAdmin(t.app);
  });

  /** A stream that still delivers: the proof it was left open. */
  const stillDelivers = async (stream: Awaited<ReturnType<typeof openStream>>, userId: string, title: string) => {
    await notify(t.app.db, { userId, type: 'order_new', ...textNotice(title, title) });
    await t.app.jobs.drain();
    // Notices of the event itself (e.g. "Account suspended") may arrive first on a reopened stream: read past them.
    for (let i = 0; i < 5; i++) {
      const got = (await stream.next('notification', 10_000)) as { title?: string };
      if (got.title === title) return;
    }
    throw new Error(`the stream never delivered "${title}"`);
  };

  it('blocking a buyer ends the buyer’s open streams', async () => {
    const buyer = await createBuyerSession(t.app);
    const bystander = await createBuyerSession(t.app);
    const stream = await openStream(base, t.app, buyer.token);
    const other = await openStream(base, t.app, bystander.token);
    const res = await call(t.app, 'POST', `/api/admin/buyers/${buyer.buyer.id}/block`, {
      token: admin.token,
      body: { reason: 'Fraudulent orders' },
    });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
    // And the browser's reconnection gets nothing: the session is gone.
    await expect(openStream(base, t.app, buyer.token)).rejects.toThrow('ticket: 401');
    await stillDelivers(other, bystander.user.id, 'Still here after a block');
    other.close();
  });

  it('suspending a seller ends the seller’s open streams (a new one may be opened: notifications stay theirs)', async () => {
    const seller = await loginSeller(t.app);
    const bystander = await loginSeller(t.app);
    const stream = await openStream(base, t.app, seller.token);
    const other = await openStream(base, t.app, bystander.token);
    const res = await call(t.app, 'POST', `/api/admin/manufacturers/${seller.manufacturer.id}/suspend`, {
      token: admin.token,
      body: { reason: 'Documents unreadable' },
    });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
    // A suspended seller still manages notifications (packages/shared seller-status): the reconnection is served.
    const again = await openStream(base, t.app, seller.token);
    await stillDelivers(again, seller.user.id, 'Reopened after suspension');
    await stillDelivers(other, bystander.user.id, 'Still here after a suspension');
    again.close();
    other.close();
  });

  it('deactivating an admin ends that admin’s open streams', async () => {
    const target = await loginAdmin(t.app);
    const stream = await openStream(base, t.app, target.token);
    const own = await openStream(base, t.app, admin.token);
    const res = await call(t.app, 'POST', `/api/admin/admins/${target.user.id}/deactivate`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
    await expect(openStream(base, t.app, target.token)).rejects.toThrow('ticket: 401');
    await stillDelivers(own, admin.user.id, 'Still here after a deactivation');
    own.close();
  });

  it('signing out ends the streams of that session, not those of the account’s other sessions', async () => {
    const seller = await loginSeller(t.app);
    const { token: otherDevice } = await createSession(t.app.db, seller.user.id, { remember: false });
    const stream = await openStream(base, t.app, seller.token);
    const kept = await openStream(base, t.app, otherDevice);
    const res = await call(t.app, 'POST', '/api/logout', { token: seller.token });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
    await stillDelivers(kept, seller.user.id, 'Still here on the other device');
    kept.close();
  });
});

describe('the live stream registry', () => {
  it('refuses a stream whose ticket was checked before its account or session ended, and only that one', async () => {
    const events = inProcessBus();
    let clock = 1_000;
    const streams = liveStreams(events, () => clock);
    const ended: string[] = [];
    // As the route's streams do, an ended stream leaves the registry.
    const stream = (userId: string, sessionId: string) => {
      const it: LiveStream = {
        userId,
        sessionId,
        end: () => {
          ended.push(sessionId);
          streams.delete(it);
        },
      };
      return it;
    };
    // Checked at 1000, the account ended at 1000 while the check ran: it must not stay open.
    await events.publish(END_STREAMS_CHANNEL, { userId: 'u1' });
    expect(streams.add(stream('u1', 's1'), 1_000)).toBe(false);
    await events.publish(END_STREAMS_CHANNEL, { sessionId: 's2' });
    expect(streams.add(stream('u2', 's2'), 999)).toBe(false);
    // Checked after the ending (a suspended seller reconnecting), or someone else's: kept, and ended by the next one.
    clock = 1_001;
    expect(streams.add(stream('u1', 's3'), 1_001)).toBe(true);
    expect(streams.add(stream('u2', 's4'), 1_001)).toBe(true);
    await events.publish(END_STREAMS_CHANNEL, { userId: 'u1' });
    expect(ended).toEqual(['s3']);
    // Malformed messages are ignored.
    await events.publish(END_STREAMS_CHANNEL, null);
    await events.publish(END_STREAMS_CHANNEL, { userId: 7 });
    streams.close();
    expect(ended).toEqual(['s3', 's4']);
  });
});
