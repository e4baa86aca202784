import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { StaffRole } from "./roles";

export { STAFF_ROLES, type StaffRole } from "./roles";

/**
 * A person who works for Dealwise and signs in to the back office (/admin): the third kind of user
 * of the sign-in core, never a shopper or merchant session. The password is set from an emailed
 * invitation (null until then); a TOTP second factor is enrolled on first sign-in.
 */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    passwordHash: text("password_hash"),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lastFailedLoginAt: timestamp("last_failed_login_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The TOTP shared secret (base64), set once enrolment is confirmed with a first code. */
    totpSecret: text("totp_secret"),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastUsedStep: integer("totp_last_used_step"),
    totpEnrolledAt: timestamp("totp_enrolled_at", { withTimezone: true }),
    /** Set when the account is switched off: sign-in is refused and its sessions are ended. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    invitedBy: integer("invited_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("staff_users_email_uq").on(sql`lower(${t.email})`),
    check("staff_users_role_known", sql`${t.role} in ('owner','deal_manager','editor','merchant_operations','customer_service','customer_service_lead','finance','analyst')`),
  ],
);

/**
 * A staff sign-in; the cookie holds a random token, the table its hash. Idle 30 minutes, absolute
 * 12 hours (from `createdAt`). Until the second factor is passed (`secondFactorAt`) the session
 * opens only the second-factor page.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    ip: text("ip"),
  },
  (t) => [index("staff_sessions_user_idx").on(t.staffUserId), index("staff_sessions_expires_idx").on(t.expiresAt)],
);

/** An emailed invitation to set a password: single use, expires; only the token's hash is stored. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_invitations_user_idx").on(t.staffUserId)],
);

/** One-time recovery codes for a lost authenticator; only hashes are stored, each used once. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.staffUserId)],
);
