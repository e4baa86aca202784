import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { deals, merchants } from "../catalog/schema";

/**
 * A person who works for a merchant and signs in to the portal (/merchant). Separate from
 * shoppers: a merchant user is never a customer session and the reverse. The password is set
 * from an emailed invitation; until then it is null and sign-in is refused.
 */
export const MERCHANT_USER_ROLES = ["full", "redeem_only"] as const;
export type MerchantUserRole = (typeof MERCHANT_USER_ROLES)[number];

export const merchantUsers = pgTable(
  "merchant_users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    /** `full` runs the portal; `redeem_only` may only check and redeem vouchers at the till. */
    role: text("role").$type<MerchantUserRole>().notNull().default("full"),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lastFailedLoginAt: timestamp("last_failed_login_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("merchant_users_email_uq").on(sql`lower(${t.email})`),
    index("merchant_users_merchant_idx").on(t.merchantId),
    check("merchant_users_role_known", sql`${t.role} in ('full','redeem_only')`),
  ],
);

/** A signed-in merchant user; the cookie holds a random token, the table its hash. */
export const merchantSessions = pgTable(
  "merchant_sessions",
  {
    id: text("id").primaryKey(),
    merchantUserId: integer("merchant_user_id")
      .notNull()
      .references(() => merchantUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("merchant_sessions_user_idx").on(t.merchantUserId), index("merchant_sessions_expires_idx").on(t.expiresAt)],
);

/** An emailed invitation to set a password: single use, expires; only the token's hash is stored. */
export const merchantInvitations = pgTable(
  "merchant_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    merchantUserId: integer("merchant_user_id")
      .notNull()
      .references(() => merchantUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("merchant_invitations_user_idx").on(t.merchantUserId)],
);

/** Where a merchant's deal proposal is in the deal managers' review (docs/decisions/merchant-deal-proposals.md). */
export const PROPOSAL_STATUSES = ["submitted", "changes_requested", "approved", "rejected", "withdrawn"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** One price point a merchant proposes: what the shopper gets, our price and the usual price, in minor units. */
export interface ProposedOption {
  title: string;
  price: number;
  originalPrice: number;
}

/** A photo a merchant attached to a proposal, stored through the file storage adapter. */
export interface ProposedPhoto {
  storageKey: string;
  alt: string;
}

/** A deal a merchant proposes from the portal; deal managers review it and, once approved, it becomes a draft deal. */
export const dealProposals = pgTable(
  "deal_proposals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id),
    submittedBy: integer("submitted_by")
      .notNull()
      .references(() => merchantUsers.id),
    title: text("title").notNull(),
    description: text("description").notNull(),
    options: jsonb("options").$type<ProposedOption[]>().notNull(),
    quantity: integer("quantity").notNull(),
    photos: jsonb("photos").$type<ProposedPhoto[]>().notNull().default([]),
    /** The dates the merchant would like the deal to run (inclusive, the market's calendar). */
    startWanted: text("start_wanted").notNull(),
    endWanted: text("end_wanted").notNull(),
    status: text("status").$type<ProposalStatus>().notNull().default("submitted"),
    /** The draft deal an approved proposal became. */
    dealId: integer("deal_id").references(() => deals.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("deal_proposals_merchant_idx").on(t.merchantId, t.createdAt),
    index("deal_proposals_queue_idx").on(t.status, t.createdAt),
    check("deal_proposals_status_known", sql`${t.status} in ('submitted','changes_requested','approved','rejected','withdrawn')`),
    check("deal_proposals_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** The conversation on a proposal, both ways: a merchant user or a staff member wrote each comment. */
export const dealProposalComments = pgTable(
  "deal_proposal_comments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    proposalId: integer("proposal_id")
      .notNull()
      .references(() => dealProposals.id, { onDelete: "cascade" }),
    authorKind: text("author_kind").$type<"merchant" | "staff">().notNull(),
    authorId: integer("author_id").notNull(),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("deal_proposal_comments_proposal_idx").on(t.proposalId, t.createdAt), check("deal_proposal_comments_author_known", sql`${t.authorKind} in ('merchant','staff')`)],
);
