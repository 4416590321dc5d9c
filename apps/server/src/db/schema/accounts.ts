import { sql } from 'drizzle-orm';
import { type AdminRole, DOCUMENT_REVIEW_STATUSES } from '@ub/shared';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ['seller', 'admin', 'buyer']);
export const manufacturerStatusEnum = pgEnum('manufacturer_status', [
  'received',
  'under_review',
  'approved',
  'rejected',
  'suspended',
]);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: roleEnum('role').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The language the account reads the product in (ADR 0028): en, hi, mr. */
    language: text('language').notNull().default('en'),
    /**
     * An administrator's role in the console (owner, finance, support, moderator; migration 0045); null for sellers
     * and buyers. An admin inserted without one is an owner (a trigger: the ADMIN_EMAIL bootstrap, the demo seed).
     */
    adminRole: text('admin_role').$type<AdminRole>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), uniqueIndex('users_phone_key').on(t.phone)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    companyAddress: text('company_address').notNull(),
    /** The registered address's state (official name); it agrees with the GSTIN's state code. */
    state: text('state'),
    category: text('category').notNull(),
    gstNumber: text('gst_number').notNull(),
    status: manufacturerStatusEnum('status').notNull().default('received'),
    statusReason: text('status_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    accountHolderName: text('account_holder_name'),
    bankName: text('bank_name'),
    branchName: text('branch_name'),
    accountNumber: text('account_number'),
    ifscCode: text('ifsc_code'),
    accountType: text('account_type'),
    /** The seller's s.194-O(2) declaration (individual or HUF with PAN, within the Rs 5 lakh limit): when made. */
    tds194o2DeclaredAt: timestamp('tds_194o2_declared_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('manufacturers_user_key').on(t.userId),
    index('manufacturers_status_idx').on(t.status, t.createdAt),
    // The admin console's product search finds sellers by any word of their company name (ILIKE '%word%'):
    // trigrams, not a read of every seller (3 to 5 ms at 10,000 sellers).
    index('manufacturers_company_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
  ],
);

export const manufacturerDocuments = pgTable(
  'manufacturer_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    mime: text('mime').notNull(),
    originalName: text('original_name').notNull(),
    /** The admin's verdict on this file: set for every pending document when the registration is decided. */
    reviewStatus: text('review_status', { enum: DOCUMENT_REVIEW_STATUSES }).notNull().default('pending'),
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('manufacturer_documents_mfr_idx').on(t.manufacturerId),
    check('manufacturer_documents_review_status', sql`${t.reviewStatus} in ('pending', 'approved', 'rejected')`),
  ],
);

/** One-time codes for password reset by SMS. Only a hash of the code is stored. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull().default('password_reset'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.createdAt)],
);

export const buyers = pgTable(
  'buyers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone'),
    gstNumber: text('gst_number'),
    address: text('address'),
    state: text('state'),
    /** Set while an admin has blocked the buyer (the user row is inactive too); cleared on unblock. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('buyers_user_key').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    reason: text('reason'),
    before: text('before'),
    after: text('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId), index('audit_log_created_idx').on(t.createdAt)],
);

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
