import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { enqueue } from "../mail/outbox";
import { hashToken, randomToken } from "../security/tokens";
import { findActiveCustomerByEmail } from "./customers";
import { passwordLinkEmail } from "./emails";
import { AccountError } from "./errors";
import { CLEARED_LOGIN_FAILURES } from "./lockout";
import { hashPassword } from "./passwords";
import { type AccountTokenPurpose, accountTokens, customers } from "./schema";
import { revokeCustomerSessions } from "./sessions";

export const PASSWORD_LINK_LIFETIME_MS = 60 * 60_000;

/** The page each kind of link opens. */
export const PASSWORD_LINK_PATHS: Record<AccountTokenPurpose, string> = {
  password_reset: "/reset-password",
  password_activate: "/activate-password",
};

/**
 * Emails a single-use link, valid for one hour, through the outbox: a reset link for accounts with
 * a password, an activation link for accounts that never had one (Google sign-in, guest checkout).
 * An unknown email gets nothing, and the caller answers the same either way (no enumeration).
 */
export async function requestPasswordLink(
  db: Db,
  clock: Clock,
  input: { brand: BrandId; email: string; linkOrigin: string },
): Promise<{ purpose: AccountTokenPurpose } | null> {
  const customer = await findActiveCustomerByEmail(db, input.brand, input.email);
  if (!customer) return null;
  const purpose: AccountTokenPurpose = customer.passwordHash ? "password_reset" : "password_activate";
  const token = randomToken();
  const now = clock.now();
  const url = `${input.linkOrigin}${PASSWORD_LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await tx.insert(accountTokens).values({
      tokenHash: hashToken(token),
      customerId: customer.id,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_LIFETIME_MS),
    });
    await enqueue(tx, passwordLinkEmail({ brand: input.brand, to: customer.email, firstName: customer.firstName, url, purpose }), clock);
  });
  return { purpose };
}

function usable(token: string, purpose: AccountTokenPurpose, now: Date) {
  return and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );
}

/** Whether a link still works (the page checks before showing the form). */
export async function isPasswordLinkUsable(db: Db, clock: Clock, token: string, purpose: AccountTokenPurpose): Promise<boolean> {
  if (!token) return false;
  const [row] = await db.select({ customerId: accountTokens.customerId }).from(accountTokens).where(usable(token, purpose, clock.now()));
  return row !== undefined;
}

/**
 * Sets the password chosen through a link. The link is spent atomically (a second use fails),
 * every other open link of the account dies, a lockout is lifted and all sessions end.
 */
export async function setPasswordWithLink(
  db: Db,
  clock: Clock,
  input: { token: string; purpose: AccountTokenPurpose; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(usable(input.token, input.purpose, now))
      .returning({ customerId: accountTokens.customerId });
    if (!spent) throw new AccountError("LINK_EXPIRED");
    const updated = await tx
      .update(customers)
      .set({ passwordHash, ...CLEARED_LOGIN_FAILURES, updatedAt: now })
      .where(and(eq(customers.id, spent.customerId), eq(customers.status, "active")))
      .returning({ id: customers.id });
    if (updated.length === 0) throw new AccountError("LINK_EXPIRED");
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.customerId, spent.customerId), isNull(accountTokens.usedAt)));
    await revokeCustomerSessions(tx, spent.customerId);
  });
}
