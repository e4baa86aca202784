import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { hashToken, randomToken } from "../security/tokens";
import { type CustomerRow, findActiveCustomerByEmail } from "./customers";
import { passwordLinkEmail } from "./emails";
import { AccountError } from "./errors";
import { CLEARED_LOGIN_FAILURES } from "../sign-in/lockout";
import { hashPassword } from "./passwords";
import { type AccountTokenPurpose, type PasswordLinkPurpose, accountTokens, customers } from "./schema";
import { revokeCustomerSessions } from "./sessions";

export const PASSWORD_LINK_LIFETIME_MS = 60 * 60_000;

/** The page each kind of link opens. */
export const PASSWORD_LINK_PATHS: Record<PasswordLinkPurpose, string> = {
  password_reset: "/reset-password",
  password_activate: "/activate-password",
};
const PASSWORD_LINK_PURPOSES = Object.keys(PASSWORD_LINK_PATHS) as PasswordLinkPurpose[];

/**
 * Emails a single-use link, valid for one hour, through the outbox: a reset link for accounts with
 * a password, an activation link for accounts that never had one (Google sign-in, guest checkout).
 * An unknown email gets nothing, and the caller answers the same either way (no enumeration).
 */
export async function requestPasswordLink(
  db: Db,
  clock: Clock,
  input: { brand: BrandId; email: string; linkOrigin: string },
): Promise<{ purpose: PasswordLinkPurpose } | null> {
  const customer = await findActiveCustomerByEmail(db, input.brand, input.email);
  if (!customer) return null;
  return db.transaction((tx) => emailPasswordLink(tx, clock, customer, input.linkOrigin));
}

/** Issues the account's link (reset, or activation when it never had a password) and queues its email, in the caller's transaction. */
async function emailPasswordLink(tx: Db, clock: Clock, customer: CustomerRow, linkOrigin: string): Promise<{ purpose: PasswordLinkPurpose }> {
  const purpose: PasswordLinkPurpose = customer.passwordHash ? "password_reset" : "password_activate";
  const url = await issueAccountLink(tx, clock, { customerId: customer.id, purpose, lifetimeMs: PASSWORD_LINK_LIFETIME_MS, pageUrl: `${linkOrigin}${PASSWORD_LINK_PATHS[purpose]}` });
  await enqueue(tx, passwordLinkEmail({ brand: customer.brand, to: customer.email, firstName: customer.firstName, url, purpose }), clock);
  return { purpose };
}

/**
 * Customer service's unlock: clears the failed sign-ins and any lockout and emails the shopper a
 * password link, in the caller's transaction (with its audit row). Null for a deleted account.
 */
export async function unlockAndSendPasswordLink(tx: Db, clock: Clock, input: { customerId: number; linkOrigin: string }): Promise<{ purpose: PasswordLinkPurpose; wasLocked: boolean } | null> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.status, "active")))
    .for("update");
  if (!customer) return null;
  const wasLocked = customer.lockedUntil !== null && customer.lockedUntil > clock.now();
  await tx
    .update(customers)
    .set({ ...CLEARED_LOGIN_FAILURES, updatedAt: clock.now() })
    .where(eq(customers.id, customer.id));
  return { ...(await emailPasswordLink(tx, clock, customer, input.linkOrigin)), wasLocked };
}

/** Stores a new single-use link (only its hash is kept) and returns the URL an email carries. */
export async function issueAccountLink(
  db: Db,
  clock: Clock,
  input: { customerId: number; purpose: AccountTokenPurpose; lifetimeMs: number; pageUrl: string },
): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await db.insert(accountTokens).values({
    tokenHash: hashToken(token),
    customerId: input.customerId,
    purpose: input.purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.lifetimeMs),
  });
  return `${input.pageUrl}?token=${encodeURIComponent(token)}`;
}

function usable(token: string, purpose: AccountTokenPurpose, now: Date) {
  return and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );
}

/** Whether a link still works (the page checks before showing its form or button). */
export async function isAccountLinkUsable(db: Db, clock: Clock, token: string, purpose: AccountTokenPurpose): Promise<boolean> {
  if (!token) return false;
  const [row] = await db.select({ customerId: accountTokens.customerId }).from(accountTokens).where(usable(token, purpose, clock.now()));
  return row !== undefined;
}

/** Spends a link atomically (of two concurrent uses one wins): its account, or null when unusable. */
export async function spendAccountLink(db: Db, now: Date, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const [spent] = await db.update(accountTokens).set({ usedAt: now }).where(usable(token, purpose, now)).returning({ customerId: accountTokens.customerId });
  return spent?.customerId ?? null;
}

/**
 * Sets the password chosen through a link. The link is spent atomically (a second use fails),
 * every other open password link of the account dies (an email verification link stays), a
 * lockout is lifted and all sessions end.
 */
export async function setPasswordWithLink(
  db: Db,
  clock: Clock,
  input: { token: string; purpose: PasswordLinkPurpose; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const customerId = await spendAccountLink(tx, now, input.token, input.purpose);
    if (customerId === null) throw new AccountError("LINK_EXPIRED");
    const updated = await tx
      .update(customers)
      .set({ passwordHash, ...CLEARED_LOGIN_FAILURES, updatedAt: now })
      .where(and(eq(customers.id, customerId), eq(customers.status, "active")))
      .returning({ id: customers.id });
    if (updated.length === 0) throw new AccountError("LINK_EXPIRED");
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.customerId, customerId), inArray(accountTokens.purpose, PASSWORD_LINK_PURPOSES), isNull(accountTokens.usedAt)));
    await revokeCustomerSessions(tx, customerId);
  });
}
