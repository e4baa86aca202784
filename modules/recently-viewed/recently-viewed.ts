import { and, desc, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CountryCode } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { DomainError } from "../../lib/errors";
import type { DealTile } from "../catalog/deal-tile";
import { findDealTiles } from "../catalog/deal-lookup";
import type { DealType } from "../catalog/schema";
import { recentlyViewedDeals } from "./schema";

/** Spec §9: recently viewed keeps 5 deals per location type. */
export const RECENTLY_VIEWED_LIMIT = 5;
export const LOCATION_TYPES: readonly DealType[] = ["local", "national", "travel"];

/** Whose views: a signed-in customer, or a guest's random visitor id (from their cookie). */
export type ViewOwner = { customerId: number } | { visitorId: string };

export class DealNotFoundError extends DomainError {
  constructor() {
    super("DEAL_NOT_FOUND", 404, "Deal not found");
  }
}

function ownedBy(owner: ViewOwner): SQL {
  return "customerId" in owner
    ? eq(recentlyViewedDeals.customerId, owner.customerId)
    : and(eq(recentlyViewedDeals.visitorId, owner.visitorId), isNull(recentlyViewedDeals.customerId))!;
}

/** Keeps the newest five per location type, dropping older views. */
async function trim(db: Db, owner: ViewOwner): Promise<void> {
  await db.execute(sql`
    delete from ${recentlyViewedDeals} where id in (
      select id from (
        select id, row_number() over (partition by location_type order by viewed_at desc, id desc) as position
        from ${recentlyViewedDeals} where ${ownedBy(owner)}
      ) ranked where position > ${RECENTLY_VIEWED_LIMIT}
    )`);
}

/** Records that a deal was opened: it moves to the front of its location type, without duplicates. */
export async function recordDealView(
  db: Db,
  clock: Clock,
  input: { owner: ViewOwner; countryCode: CountryCode; dealId: number },
): Promise<void> {
  const [deal] = await findDealTiles(db, [input.dealId], { countryCode: input.countryCode });
  if (!deal) throw new DealNotFoundError();
  const values = { locationType: deal.dealType, dealId: deal.id, viewedAt: clock.now() };
  await db.transaction(async (tx) => {
    if ("customerId" in input.owner) {
      await tx
        .insert(recentlyViewedDeals)
        .values({ ...values, customerId: input.owner.customerId })
        .onConflictDoUpdate({
          target: [recentlyViewedDeals.customerId, recentlyViewedDeals.locationType, recentlyViewedDeals.dealId],
          set: { viewedAt: values.viewedAt },
        });
    } else {
      await tx
        .insert(recentlyViewedDeals)
        .values({ ...values, visitorId: input.owner.visitorId })
        .onConflictDoUpdate({
          target: [recentlyViewedDeals.visitorId, recentlyViewedDeals.locationType, recentlyViewedDeals.dealId],
          set: { viewedAt: values.viewedAt },
        });
    }
    await trim(tx, input.owner);
  });
}

/** The most recent first; one location type, or all three (up to five each). */
export async function listRecentlyViewed(
  db: Db,
  input: { owner: ViewOwner; countryCode: CountryCode; locationType?: DealType },
): Promise<DealTile[]> {
  const rows = await db
    .select({ dealId: recentlyViewedDeals.dealId })
    .from(recentlyViewedDeals)
    .where(input.locationType ? and(ownedBy(input.owner), eq(recentlyViewedDeals.locationType, input.locationType)) : ownedBy(input.owner))
    .orderBy(desc(recentlyViewedDeals.viewedAt), desc(recentlyViewedDeals.id))
    .limit(RECENTLY_VIEWED_LIMIT * LOCATION_TYPES.length);
  return findDealTiles(db, rows.map((row) => row.dealId), { countryCode: input.countryCode });
}

/** At sign-in a guest's views join the customer's: newest view of each deal wins, five per type kept. */
export async function mergeVisitorViews(db: Db, input: { visitorId: string; customerId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${recentlyViewedDeals} (customer_id, location_type, deal_id, viewed_at)
      select ${input.customerId}, location_type, deal_id, viewed_at from ${recentlyViewedDeals}
      where visitor_id = ${input.visitorId} and customer_id is null
      on conflict (customer_id, location_type, deal_id) do update
        set viewed_at = greatest(${recentlyViewedDeals.viewedAt}, excluded.viewed_at)`);
    await tx.delete(recentlyViewedDeals).where(ownedBy({ visitorId: input.visitorId }));
    await trim(tx, { customerId: input.customerId });
  });
}

/** Account deletion: the customer's viewing history goes with their personal data. */
export async function forgetCustomerViews(db: Db, customerId: number): Promise<void> {
  await db.delete(recentlyViewedDeals).where(eq(recentlyViewedDeals.customerId, customerId));
}

/** Guest histories untouched for a year (the visitor cookie's lifetime) are unreachable. */
export async function pruneVisitorViews(db: Db, clock: Clock): Promise<void> {
  const cutoff = new Date(clock.now().getTime() - 365 * 86_400_000);
  await db.delete(recentlyViewedDeals).where(and(isNull(recentlyViewedDeals.customerId), lt(recentlyViewedDeals.viewedAt, cutoff)));
}
