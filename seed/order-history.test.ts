import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../lib/brand";
import { getDealPage } from "../modules/catalog/deal-detail/get-deal";
import { parseListingPath } from "../modules/catalog/rules/listing-path";
import { sellUnits } from "../modules/inventory/sell";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { queryRows } from "../db/query-rows";
import { seedDemoShop } from "./demo-shop";

const now = new Date("2026-11-28T12:00:00Z");
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoShop(database.db, { deals: 600, now });
}, 300_000);

afterAll(() => database.dispose());

/** Per option: units sold as the badge reads them, the hourly ledger's sum, and the orders' units. */
async function soldFigures() {
  return queryRows<{ product_id: number; deal_id: number; total_bought: number; ledger: number; ordered: number }>(
    database.db,
    sql`select p.id as product_id, p.deal_id, p.total_bought,
        coalesce((select sum(units) from deal_sales_hourly h where h.product_id = p.id), 0)::int as ledger,
        coalesce((select sum(quantity) from order_lines l where l.product_id = p.id), 0)::int as ordered
      from products p`,
  );
}

async function dealPage(dealId: number) {
  const path = `/deal/shop/x/y/${dealId}/x`;
  const { target } = parseListingPath(path);
  if (target.kind !== "deal") throw new Error("not a deal path");
  const brand = BRANDS.wowcher;
  return getDealPage(database.db, { brand, now, target, arrival: { pathname: path, searchParams: new URLSearchParams() }, previewToken: null });
}

describe("units sold come from orders, through the sales ledger", () => {
  it("gives every option exactly the units its orders sold, and the deal their sum", async () => {
    const figures = await soldFigures();
    const wrong = figures.filter((row) => Number(row.total_bought) !== Number(row.ledger) || Number(row.ledger) !== Number(row.ordered));
    expect(wrong).toEqual([]);
    const [deals] = await queryRows<{ off: number; selling: number }>(
      database.db,
      sql`select count(*) filter (where d.total_bought <> coalesce((select sum(total_bought) from products p where p.deal_id = d.id), 0))::int as off,
        count(*) filter (where d.total_bought > 0)::int as selling
      from deals d`,
    );
    expect(Number(deals.off)).toBe(0);
    // The demo still looks alive: plenty of deals have sold, and "Most popular" has something to sort.
    expect(Number(deals.selling)).toBeGreaterThan(100);
  });

  it("moves a deal's 'N sold' by one when one more unit is sold, and keeps it equal to the ledger", async () => {
    const [best] = await queryRows<{ deal_id: number; product_id: number; total_bought: number }>(
      database.db,
      sql`select p.deal_id, p.id as product_id, p.total_bought from products p join deals d on d.id = p.deal_id
        where d.country_code = 'GB' and d.published and d.open and p.visible and not p.vip_exclusive and not p.sold_out
          and (p.total_remaining is null or p.total_remaining > 0)
        order by p.total_bought desc, p.id limit 1`,
    );
    const before = (await dealPage(best.deal_id)).deal.products.find((product) => product.id === best.product_id)!;
    expect(before.totalBought).toBe(Number(best.total_bought));
    await database.db.transaction((tx) => sellUnits(tx, { customerId: 1, at: now, lines: [{ dealId: best.deal_id, productId: best.product_id, units: 1 }] }));
    const after = (await dealPage(best.deal_id)).deal.products.find((product) => product.id === best.product_id)!;
    expect(after.totalBought).toBe(before.totalBought + 1);
    const figure = (await soldFigures()).find((row) => row.product_id === best.product_id)!;
    expect(Number(figure.ledger)).toBe(after.totalBought);
  });
});
