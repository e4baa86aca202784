import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { normalizeEmail } from "../accounts/validation";
import { merchants } from "../catalog/schema";
import { enqueue } from "../mail/outbox";
import { hashToken, randomToken } from "../security/tokens";
import { merchantInvitationEmail } from "./emails";
import { merchantError } from "./errors";
import { merchantInvitations, type MerchantUserRole, merchantUsers } from "./schema";

export const INVITATION_LIFETIME_MS = 7 * 86_400_000;

/** The page an invitation link opens. */
export function invitationPath(token: string): string {
  return `/merchant/invitation/${encodeURIComponent(token)}`;
}

export interface Invitation {
  merchantUserId: number;
  /** The absolute link (also emailed); only its hash is stored. */
  url: string;
  expiresAt: Date;
}

/**
 * Invites a person to a merchant's portal: creates the merchant user (no password until the
 * invitation is accepted) or, for one who exists, re-invites them (a new password; earlier
 * invitations stop working), and emails the single-use link through the outbox.
 */
export async function inviteMerchantUser(
  db: Db,
  clock: Clock,
  input: { merchantId: number; email: string; name: string; brand: BrandId; linkOrigin: string; role?: MerchantUserRole },
): Promise<Invitation> {
  const email = normalizeEmail(input.email);
  const token = randomToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const url = `${input.linkOrigin}${invitationPath(token)}`;
  const merchantUserId = await db.transaction(async (tx) => {
    const [merchant] = await tx.select({ name: merchants.displayName }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) throw merchantError("UNKNOWN_MERCHANT");
    const [existing] = await tx
      .select()
      .from(merchantUsers)
      .where(sql`lower(${merchantUsers.email}) = ${email}`)
      .for("update");
    if (existing && existing.merchantId !== input.merchantId) throw merchantError("EMAIL_TAKEN");
    const userId =
      existing?.id ??
      (await tx.insert(merchantUsers).values({ merchantId: input.merchantId, email, name: input.name, role: input.role ?? "full", createdAt: now }).returning({ id: merchantUsers.id }))[0].id;
    // Re-inviting with a role changes what the person may do in the portal.
    if (existing && input.role && existing.role !== input.role) await tx.update(merchantUsers).set({ role: input.role }).where(eq(merchantUsers.id, userId));
    await tx
      .update(merchantInvitations)
      .set({ usedAt: now })
      .where(and(eq(merchantInvitations.merchantUserId, userId), isNull(merchantInvitations.usedAt)));
    await tx.insert(merchantInvitations).values({ tokenHash: hashToken(token), merchantUserId: userId, createdAt: now, expiresAt });
    await enqueue(tx, merchantInvitationEmail({ brand: input.brand, to: email, name: existing?.name ?? input.name, merchantName: merchant.name, url }), clock);
    return userId;
  });
  return { merchantUserId, url, expiresAt };
}
