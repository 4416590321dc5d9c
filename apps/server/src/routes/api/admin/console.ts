import { depsOf } from '../../../lib/deps.ts';
import { Readable } from 'node:stream';
import {
  auditLogQuery,
  errorBody,
  inviteAdminSchema,
  REPORT_KINDS,
  reportQuery,
  siteSettingsSchema,
  adminUserItem,
  adminMeView,
  changeAdminRoleSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../../lib/audit.ts';
import { csvStringifier } from '../../../lib/csv.ts';
import { endLiveStreams, sendStream, startedIterable } from '../../../lib/streams.ts';
import { changeAdminRole, deactivateAdmin, inviteAdmin, listAdmins, listAudit } from '../../../modules/admin/admins.ts';
import { reportColumns, reportRows } from '../../../modules/admin/reports.ts';
import { getSiteSettings, saveSiteSettings } from '../../../modules/site/site-settings.ts';
import { currentUser } from '../../../types.ts';
import { currentAdminRole, may } from './access.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Reports, admin users, site configuration and the audit log viewer. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/admin/reports/:file',
    {
      config: may('reports'),
      schema: {
        ...base,
        summary: 'CSV export (manufacturers, products, orders, payments, leads) for a date range, streamed',
        params: z.object({
          file: z.enum(REPORT_KINDS.map((k) => `${k}.csv`) as [string, ...string[]], {
            error: `Report must be one of ${REPORT_KINDS.map((k) => `${k}.csv`).join(', ')}.`,
          }),
        }),
        querystring: reportQuery,
      },
    },
    async (req, reply) => {
      const kind = req.params.file.replace(/\.csv$/, '') as (typeof REPORT_KINDS)[number];
      const { from, to } = req.query;
      const name = `${kind}${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
      // The first batch is read before answering, so a query that fails at once gets an error status, not a 200.
      const rows = await startedIterable(reportRows(app.database, kind, { from, to }));
      await audit(app.db, {
        actorUserId: currentUser(req).id,
        action: 'report.export',
        entityType: 'report',
        entityId: kind,
        after: { from: from ?? null, to: to ?? null },
      });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      // Back-pressure: Readable.from pulls the next database batch only when the client has taken the last one.
      return sendStream(reply, `report ${kind}.csv`, Readable.from(rows), csvStringifier(reportColumns(kind)));
    },
  );

  app.get(
    '/admin/admins',
    {
      config: may('admins'),
      schema: {
        ...base,
        summary: 'Admin users',
        response: { 200: z.object({ admins: z.array(adminUserItem) }), ...errors },
      },
    },
    async () => ({ admins: await listAdmins(app.db) }),
  );
  app.post(
    '/admin/admins',
    {
      config: may('admins'),
      schema: {
        ...base,
        summary: 'Invite another admin; the temporary password is shown once',
        body: inviteAdminSchema,
        response: { 201: z.object({ admin: adminUserItem, temporaryPassword: z.string() }), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await inviteAdmin(depsOf(app), currentUser(req).id, req.body)),
  );
  app.put(
    '/admin/admins/:id/role',
    {
      config: may('admins'),
      schema: {
        ...base,
        summary: "Change an admin's console role (owner, finance, support, moderator); owners only, audited",
        params: z.object({ id: z.uuid({ error: 'Admin not found' }) }),
        body: changeAdminRoleSchema,
        response: { 200: adminUserItem, ...errors },
      },
    },
    async (req) => changeAdminRole(depsOf(app), currentUser(req).id, req.params.id, req.body.role),
  );
  app.get(
    '/admin/me',
    {
      config: may('everyone'),
      schema: {
        ...base,
        summary: "The signed-in admin's console role: which screens and actions the console offers",
        response: { 200: adminMeView, ...errors },
      },
    },
    async (req) => ({ id: currentUser(req).id, role: currentAdminRole(req) }),
  );
  app.post(
    '/admin/admins/:id/deactivate',
    {
      config: may('admins'),
      schema: {
        ...base,
        summary: 'Deactivate another admin and end their sessions',
        params: z.object({ id: z.uuid({ error: 'Admin not found' }) }),
        response: { 200: adminUserItem, ...errors },
      },
    },
    async (req) => {
      const item = await deactivateAdmin(depsOf(app), currentUser(req).id, req.params.id);
      // Signed out everywhere by the deactivation: the admin's open notification streams end now, in every process.
      await endLiveStreams(app.events, { userId: req.params.id });
      return item;
    },
  );

  app.get(
    '/admin/site-settings',
    {
      config: may('settings'),
      schema: { ...base, summary: 'Site configuration', response: { 200: siteSettingsSchema, ...errors } },
    },
    async () => getSiteSettings(app.db),
  );
  app.put(
    '/admin/site-settings',
    {
      config: may('settings'),
      schema: {
        ...base,
        summary: 'Replace the site configuration',
        body: siteSettingsSchema,
        response: { 200: siteSettingsSchema, ...errors },
      },
    },
    async (req) => {
      const before = await saveSiteSettings(app.db, req.body);
      const after = await getSiteSettings(app.db);
      await audit(app.db, {
        actorUserId: currentUser(req).id,
        action: 'site.settings',
        entityType: 'site_settings',
        entityId: 'site',
        before,
        after,
      });
      return after;
    },
  );

  app.get(
    '/admin/audit-log',
    {
      config: may('audit'),
      schema: {
        ...base,
        summary: 'Audit log, newest first',
        querystring: auditLogQuery,
        response: {
          200: z.object({
            entries: z.array(
              z.object({
                id: z.string(),
                actor: z.string().nullable(),
                action: z.string(),
                entityType: z.string(),
                entityId: z.string(),
                reason: z.string().nullable(),
                before: z.string().nullable(),
                after: z.string().nullable(),
                createdAt: z.string(),
              }),
            ),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (req) => listAudit(app.db, req.query),
  );
};

export default routes;
