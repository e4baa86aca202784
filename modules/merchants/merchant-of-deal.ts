import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals } from "../catalog/schema";

/** The merchant behind a deal (the demo's invitation tool names a deal, which a visitor can see). */
export async function merchantOfDeal(db: Db, dealId: number): Promise<number | null> {
  const [row] = await db.select({ merchantId: deals.merchantId }).from(deals).where(eq(deals.id, dealId));
  return row?.merchantId ?? null;
}
