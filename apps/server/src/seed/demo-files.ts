import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buyers, disputes, orders, requirements, users } from '../db/schema/index.ts';
import { depsOf } from '../lib/deps.ts';
import { raiseDispute } from '../modules/disputes/commands.ts';
import { addDisputeEvidence } from '../modules/disputes/evidence.ts';
import { addRequirementAttachments } from '../modules/requirements/attachments.ts';
import type { DemoContext } from './demo-context.ts';
import { DEMO_BUYER } from './demo-buyer.ts';

/** The smallest complete PDF: a drawing or a courier note stands in for a real one. */
const DEMO_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A plain 640 x 480 photo (a real image: uploads are decoded and re-encoded). */
const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 70 })
    .toBuffer();

/**
 * Files on the demo's requirements and disputes, through the same commands a buyer's upload uses: the open puzzle
 * requirement carries a reference photo and a drawing (seen by the buyer, the toy sellers and the admin), the open
 * dispute a photo and a courier note (seen by the buyer, the seller of the order and the admin).
 */
export async function seedDemoFiles({ app }: DemoContext): Promise<void> {
  const deps = { ...depsOf(app), storage: app.storage };
  const [puzzles] = await app.db
    .select({ id: requirements.id, buyerId: requirements.buyerId })
    .from(requirements)
    .where(eq(requirements.title, 'Wooden educational puzzle sets (24 pieces)'))
    .limit(1);
  if (puzzles) {
    await addRequirementAttachments(deps, puzzles.buyerId, puzzles.id, [
      { name: 'reference-puzzle.jpg', data: await photo(214, 170, 110), tooBig: false },
      { name: 'puzzle-board-drawing.pdf', data: DEMO_PDF, tooBig: false },
    ]);
  }
  // The demo buyer follows a dispute of its own: raised on its newest delivered order through the buyer's command
  // (which tells the seller and the admins), unless the trade demo gave it one.
  const [demoBuyer] = await app.db
    .select({ id: buyers.id })
    .from(buyers)
    .innerJoin(users, eq(users.id, buyers.userId))
    .where(eq(users.email, DEMO_BUYER.email));
  if (demoBuyer) {
    const [own] = await app.db
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.buyerId, demoBuyer.id), inArray(disputes.status, ['open', 'under_review'])));
    const [delivered] = await app.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.buyerId, demoBuyer.id),
          eq(orders.status, 'delivered'),
          sql`not exists (select 1 from ${disputes} od where od.order_id = ${orders}.id)`,
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (!own && delivered) {
      await raiseDispute(
        depsOf(app),
        demoBuyer.id,
        delivered.id,
        'Four of the cartons arrived crushed and the toys inside have chipped paint. Photos and the courier note attached.',
      );
    }
  }
  // The demo buyer's open dispute (its order page is the one people open), else the newest.
  const [dispute] = await app.db
    .select({ id: disputes.id, buyerId: disputes.buyerId })
    .from(disputes)
    .innerJoin(buyers, eq(buyers.id, disputes.buyerId))
    .innerJoin(users, eq(users.id, buyers.userId))
    .where(inArray(disputes.status, ['open', 'under_review']))
    .orderBy(desc(sql`${users.email} = ${DEMO_BUYER.email}`), desc(disputes.createdAt))
    .limit(1);
  if (dispute) {
    await addDisputeEvidence(deps, dispute.buyerId, dispute.id, [
      { name: 'carton-count-photo.jpg', data: await photo(180, 40, 40), tooBig: false },
      { name: 'courier-note.pdf', data: DEMO_PDF, tooBig: false },
    ]);
  }
}
