import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BUYER_NOTIFICATION_TYPES, NOTIFICATION_TYPES, SELLER_NOTIFICATION_TYPES } from '@ub/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every notification the server can send opens the record it is about (issue 30): each call of notify, notifyBuyer
 * and notifyAdmins in the server's code is read from its syntax tree, the kinds it sends are worked out from the
 * code (the literal, or the table or function it takes them from), and its `link` is built with a record id and
 * matched against the web app's own routes. A kind of the type union that no call sends, a call without a link, a
 * link the app has no page for, or one into another role's part of the app fails here.
 */

const SRC = join(import.meta.dirname, '../src');
const SENDERS = new Set(['notify', 'notifyBuyer', 'notifyAdmins']);
/** Where the senders themselves are defined: they pass on their caller's input. */
const DEFINITIONS = new Set(['modules/notifications/notify-admins.ts', 'modules/buyers/notify.ts']);
const ID = '0b6f3f4e-8c1a-4a55-9d0e-1f2a3b4c5d6e';
const KINDS = new Set<string>(NOTIFICATION_TYPES);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The link builders the code names (`buyerLinks.order(id)`): every exported `…Links` object of the server. */
async function linkBuilders(files: string[]): Promise<Map<string, Record<string, (id: string) => string>>> {
  const builders = new Map<string, Record<string, (id: string) => string>>();
  for (const file of files) {
    const names = [...readFileSync(file, 'utf8').matchAll(/export const (\w+Links)\b/g)].map((m) => m[1] as string);
    if (names.length === 0) continue;
    const mod = (await import(file)) as Record<string, Record<string, (id: string) => string>>;
    for (const name of names) if (mod[name]) builders.set(name, mod[name]);
  }
  return builders;
}

interface Call {
  where: string;
  sender: string;
  kinds: string[];
  links: string[];
  problem?: string;
}

function declarationsNamed(file: ts.SourceFile, name: string): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name?.getText(file) === name) {
      found.push(ts.isVariableDeclaration(node) ? (node.initializer ?? node) : node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The notification kinds an expression can stand for: its literals, and those of the declarations it names. */
function kindsOf(file: ts.SourceFile, node: ts.Node, seen = new Set<string>()): Set<string> {
  const kinds = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteralLike(n) && KINDS.has(n.text)) kinds.add(n.text);
    else if (ts.isIdentifier(n) && !seen.has(n.text)) {
      seen.add(n.text);
      for (const d of declarationsNamed(file, n.text)) for (const k of kindsOf(file, d, seen)) kinds.add(k);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return kinds;
}

/** The paths a `link` expression builds for a record id; undefined for an expression the test cannot follow. */
function linksOf(
  file: ts.SourceFile,
  e: ts.Expression,
  builders: Map<string, Record<string, (id: string) => string>>,
): string[] | undefined {
  if (ts.isStringLiteralLike(e)) return [e.text];
  if (ts.isTemplateExpression(e)) return [e.head.text + e.templateSpans.map((s) => ID + s.literal.text).join('')];
  if (ts.isParenthesizedExpression(e)) return linksOf(file, e.expression, builders);
  if (ts.isConditionalExpression(e)) {
    const [a, b] = [linksOf(file, e.whenTrue, builders), linksOf(file, e.whenFalse, builders)];
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const builder = builders.get(e.expression.expression.getText(file))?.[e.expression.name.text];
    return builder ? [builder(ID)] : undefined;
  }
  return undefined;
}

async function notifyCalls(): Promise<Call[]> {
  const files = sourceFiles(SRC);
  const builders = await linkBuilders(files);
  const calls: Call[] = [];
  for (const path of files) {
    const name = relative(SRC, path);
    if (DEFINITIONS.has(name)) continue;
    const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && SENDERS.has(node.expression.text)) {
        const input = node.arguments.at(-1);
        const where = `${name}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
        const call: Call = { where, sender: node.expression.text, kinds: [], links: [] };
        if (!input || !ts.isObjectLiteralExpression(input)) call.problem = 'its input is not an object literal';
        else {
          const prop = (key: string) =>
            input.properties.find(
              (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(file) === key,
            );
          const type = prop('type');
          const spreads = input.properties.filter(ts.isSpreadAssignment);
          const kinds = new Set<string>();
          for (const n of type ? [type.initializer] : spreads) for (const k of kindsOf(file, n)) kinds.add(k);
          call.kinds = [...kinds];
          if (call.kinds.length === 0) call.problem = 'no notification kind found';
          const link = prop('link');
          if (!link) call.problem = 'no link';
          else {
            const links = linksOf(file, link.initializer, builders);
            if (links) call.links = links;
            else call.problem = `a link the test cannot follow: ${link.initializer.getText(file)}`;
          }
        }
        calls.push(call);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return calls;
}

/** The page a path opens in the web app: its route, or undefined when only the catch-all (Not found) takes it. */
function page(link: string): string | undefined {
  const { pathname } = new URL(link, 'http://app.test');
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1)?.route;
  if (!leaf || leaf.path === '*') return undefined;
  return (matches ?? [])
    .map((m) => m.route.path)
    .filter(Boolean)
    .join('/')
    .replace(/\/{2,}/g, '/');
}

// The web app's own route table (a .tsx module, which the server's compiler settings do not read: imported by path).
const ROUTES = join(import.meta.dirname, '../../web/src/app/routes.tsx');
const { routes } = (await import(ROUTES)) as { routes: RouteObject[] };
const calls = await notifyCalls();
const BUYER_ONLY = new Set<string>(
  BUYER_NOTIFICATION_TYPES.filter((k) => !SELLER_NOTIFICATION_TYPES.includes(k as never)),
);
const SELLER_ONLY = new Set<string>(
  SELLER_NOTIFICATION_TYPES.filter((k) => !BUYER_NOTIFICATION_TYPES.includes(k as never)),
);

/** The part of the app a recipient reads in, from who sends to them and what kind it is. */
function area(call: Call): string | undefined {
  if (call.sender === 'notifyBuyer') return '/buyer';
  if (call.sender === 'notifyAdmins') return '/admin';
  if (call.kinds.every((k) => k.startsWith('admin_'))) return '/admin';
  if (call.kinds.every((k) => BUYER_ONLY.has(k))) return '/buyer';
  if (call.kinds.every((k) => SELLER_ONLY.has(k))) return '/dashboard';
  return undefined;
}

describe('every notification opens its record', () => {
  it('finds the calls that send notifications', () => {
    expect(calls.length).toBeGreaterThan(40);
  });

  it.each([...NOTIFICATION_TYPES])('%s is sent, and always with a link to a page of the app', (kind) => {
    const sending = calls.filter((c) => c.kinds.includes(kind));
    expect(sending, `no call sends ${kind}`).not.toEqual([]);
    for (const call of sending) {
      expect(call.problem, call.where).toBeUndefined();
      for (const link of call.links) {
        expect(page(link), `${call.where}: ${link} is no page of the web app`).toBeDefined();
        const own = area(call);
        if (own)
          expect(link.startsWith(`${own}/`) || link === own, `${call.where}: ${link} is outside ${own}`).toBe(true);
      }
    }
  });

  it('every call names its kind and its link', () => {
    expect(calls.filter((c) => c.problem).map((c) => `${c.where}: ${c.problem}`)).toEqual([]);
  });

  it('an order from an RFQ to confirm opens the order, where the buyer confirms and pays', () => {
    const sending = calls.filter((c) => c.kinds.includes('order_awaiting_confirmation'));
    expect(sending.flatMap((c) => c.links.map(page))).toEqual(['/buyer/orders/:id']);
  });

  it('the check tells a record page from Not found', () => {
    expect(page(`/dashboard/orders/${ID}`)).toBe('/dashboard/orders/:id');
    expect(page(`/buyer/orders/${ID}`)).toBe('/buyer/orders/:id');
    expect(page('/dashboard/nowhere')).toBeUndefined();
  });
});
