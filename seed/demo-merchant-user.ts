import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { deals } from "../modules/catalog/schema";
import { merchantUsers } from "../modules/merchants/schema";
import { hashPassword } from "../modules/sign-in/password-hash";

/** The demo's merchant till user, named in the README and on the demo bar (docs/decisions/staff-demo-owner.md). */
export const DEMO_TILL = { email: "till@example.com", password: "Demo-Till-2026!", name: "Demo Till" } as const;

/**
 * Seeds the demo's merchant user once, for the merchant of the best-selling live local deal, so a
 * newcomer can open the merchant portal (/merchant) and redeem that deal's vouchers. Only called
 * when the demo flag is on; answers false when there is no such merchant yet (an empty catalogue).
 */
export async function ensureDemoMerchantUser(db: Db, now: Date): Promise<boolean> {
  const [top] = await db
    .select({ merchantId: deals.merchantId })
    .from(deals)
    .where(and(eq(deals.status, "live"), eq(deals.dealType, "local")))
    .orderBy(desc(deals.totalBought), deals.id)
    .limit(1);
  if (!top) return false;
  const passwordHash = await hashPassword(DEMO_TILL.password);
  const added = await db
    .insert(merchantUsers)
    .values({ merchantId: top.merchantId, email: DEMO_TILL.email, name: DEMO_TILL.name, passwordHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: merchantUsers.id });
  return added.length > 0;
}
