import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "../catalog/schema";

/**
 * A person who works for a merchant and signs in to the portal (/merchant). Separate from
 * shoppers: a merchant user is never a customer session and the reverse. The password is set
 * from an emailed invitation; until then it is null and sign-in is refused.
 */
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
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lastFailedLoginAt: timestamp("last_failed_login_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("merchant_users_email_uq").on(sql`lower(${t.email})`), index("merchant_users_merchant_idx").on(t.merchantId)],
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
