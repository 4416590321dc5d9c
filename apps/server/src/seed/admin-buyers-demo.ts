import { gstStateCodeOf } from '@ub/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { buyers, disputes, manufacturers, orders, users } from '../db/schema/index.ts';
import { depsOf } from '../lib/deps.ts';
import { transaction } from '../lib/transaction.ts';
import { blockBuyer } from '../modules/buyers/commands.ts';
import { createContactMessage } from '../modules/contact/contact-messages.ts';
import { categoryLabel, notice } from '../modules/notifications/notify.ts';
import { notifyAdmins } from '../modules/notifications/notify-admins.ts';
import type { DemoContext } from './demo-context.ts';
import { createBuyer, makeGstin } from './factories.ts';

const MORE_BUYERS = [
  {
    companyName: 'Gujarat Gift Emporium',
    contactName: 'Hetal Shah',
    state: 'Gujarat',
    address: '12 CG Road, Navrangpura, Ahmedabad 380009',
  },
  {
    companyName: 'Lucknow Kids Corner',
    contactName: 'Imran Siddiqui',
    state: 'Uttar Pradesh',
    address: '5 Hazratganj, Lucknow 226001',
  },
  {
    companyName: 'Kochi Learning Aids',
    contactName: 'Divya Nair',
    state: 'Kerala',
    address: '21 MG Road, Ernakulam, Kochi 682016',
  },
  {
    companyName: 'QuickFlip Resellers',
    contactName: 'Sunny Arora',
    state: 'Punjab',
    address: '9 Mall Road, Ludhiana 141001',
  },
] as const;

/**
 * Demo content for the admin's Buyers area and bell: a few more buyers, one of them blocked (through the same
 * command an admin uses, so it is audited), and admin notifications for the waiting seller requests, a contact
 * message and the open disputes. Runs after the admin demo, which makes those requests and disputes.
 */
export async function seedAdminBuyersDemo({ app }: DemoContext): Promise<void> {
  const db = app.db;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const created = [];
  for (const [i, b] of MORE_BUYERS.entries()) {
    const made = await createBuyer(db, { ...b, email: `buyer.more${i + 1}@demo-buyers.example.in` });
    // A GSTIN of the buyer's own state, and one buyer without a GSTIN (it is optional for buyers).
    const gstNumber = i === 1 ? null : makeGstin(gstStateCodeOf(b.state));
    await db.update(buyers).set({ gstNumber, address: b.address }).where(eq(buyers.id, made.buyer.id));
    created.push(made);
  }
  const spammer = created.at(-1);
  if (admin && spammer) {
    await blockBuyer(depsOf(app), admin.id, spammer.buyer.id, 'Spam requirements or RFQs');
  }

  const requests = await db
    .select({ id: manufacturers.id, companyName: manufacturers.companyName, category: manufacturers.category })
    .from(manufacturers)
    .where(inArray(manufacturers.status, ['received', 'under_review']))
    .orderBy(asc(manufacturers.createdAt));
  const open = await db
    .select({ id: disputes.id, reason: disputes.reason, orderNumber: orders.orderNumber })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(inArray(disputes.status, ['open', 'under_review']))
    .orderBy(desc(disputes.createdAt))
    .limit(3);
  await transaction(db, async (tx) => {
    for (const m of requests) {
      await notifyAdmins(tx, {
        type: 'admin_seller_registered',
        ...notice('admin.sellerRegisteredPlain', { company: m.companyName, category: categoryLabel(m.category) }),
        link: `/admin/manufacturers/${m.id}`,
      });
    }
    for (const d of open) {
      await notifyAdmins(tx, {
        type: 'admin_dispute_raised',
        ...notice('admin.dispute', { order: d.orderNumber, reason: d.reason.slice(0, 140) }),
        link: `/admin/disputes/${d.id}`,
      });
    }
  });
  await createContactMessage(db, {
    name: 'Rakesh Gupta',
    email: 'rakesh@guptahardware.in',
    subject: 'How do I become a verified buyer?',
    message: 'We buy packaging in bulk every month. What documents do you need to verify our company?',
  });
}
