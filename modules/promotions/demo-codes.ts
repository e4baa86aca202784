import type { Db } from "../../db/client";
import { BRAND_IDS } from "../../lib/brand";
import { promoCodes } from "./schema";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Promo codes for the demo shop (seeded with the demo catalogue), listed in the README. */
export const DEMO_PROMO_CODES = [
  { code: "WELCOME10", kind: "percentage", value: 10, minimumSpend: 0, description: "10% off, once per customer" },
  { code: "SAVE5", kind: "fixed", value: 500, minimumSpend: 2000, description: "5.00 off a spend of 20.00 or more, once per customer" },
] as const;

export async function seedDemoPromoCodes(db: Db, now: Date): Promise<void> {
  await db
    .insert(promoCodes)
    .values(
      BRAND_IDS.flatMap((brand) =>
        DEMO_PROMO_CODES.map((promo) => ({
          brand,
          code: promo.code,
          kind: promo.kind,
          value: promo.value,
          minimumSpend: promo.minimumSpend,
          startsAt: new Date(now.getTime() - YEAR_MS),
          endsAt: new Date(now.getTime() + YEAR_MS),
          maxUsesPerCustomer: 1,
          createdAt: now,
        })),
      ),
    )
    .onConflictDoNothing();
}
