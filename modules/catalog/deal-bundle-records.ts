import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dealBundleChildren } from "./schema";

/** One part of a bundle deal as the deal page lists it (spec: bundle.children[]). */
export interface BundlePart {
  name: string;
  businessName: string;
  vatNumber: string | null;
  locations: string[];
}

/** A deal's bundle parts in their order (empty for a deal that is not a bundle). */
export async function readBundleParts(db: Db, dealId: number): Promise<BundlePart[]> {
  return db
    .select({ name: dealBundleChildren.name, businessName: dealBundleChildren.businessName, vatNumber: dealBundleChildren.vatNumber, locations: dealBundleChildren.locations })
    .from(dealBundleChildren)
    .where(eq(dealBundleChildren.dealId, dealId))
    .orderBy(asc(dealBundleChildren.position));
}

/** Replaces a deal's parts with these, in this order (the caller holds the deal's row lock). */
export async function replaceBundleParts(tx: Db, dealId: number, parts: readonly BundlePart[]): Promise<void> {
  await tx.delete(dealBundleChildren).where(eq(dealBundleChildren.dealId, dealId));
  if (parts.length > 0) await tx.insert(dealBundleChildren).values(parts.map((part, index) => ({ dealId, position: index + 1, ...part })));
}
