import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { eachAdminDeal, listAdminDeals } from "./admin-deals";
import { adminDealsCsv } from "./admin-deals-csv";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  const make = async (name: string, deal: Record<string, unknown>) => {
    ids[name] = (await insertSellable(database.db, basics, { deal })).deal.id;
  };
  await make("spa", { headline: "Spa day for two at 100% relaxation", price: 4900, updatedAt: new Date("2026-11-01T10:00:00Z"), closingDate: new Date("2026-12-31T00:00:00Z") });
  await make("draft", { headline: "=HYPERLINK(\"x\") golf lesson", status: "draft", published: false, price: 2500, updatedAt: new Date("2026-11-20T10:00:00Z"), closingDate: new Date("2027-01-31T00:00:00Z") });
  await make("steak", { headline: "Steak dinner, with wine", price: 3900, updatedAt: new Date("2026-11-10T10:00:00Z"), closingDate: new Date("2027-03-01T00:00:00Z") });
});
afterAll(async () => database?.dispose());

const headlines = (page: Awaited<ReturnType<typeof listAdminDeals>>) => page.rows.map((row) => row.headline);

describe("the back office's deals table", () => {
  it("shows the most recently changed deals first, with their names and how many match", async () => {
    const page = await listAdminDeals(database.db, {});
    expect(page).toMatchObject({ total: 3, totalIsAtLeast: false });
    expect(headlines(page)).toEqual(['=HYPERLINK("x") golf lesson', "Steak dinner, with wine", "Spa day for two at 100% relaxation"]);
    expect(page.rows[0]).toMatchObject({ status: "draft", merchant: expect.any(String), category: expect.any(String) });
  });

  it("finds by headline words, by deal id, and takes % literally; a number is a deal id", async () => {
    expect(headlines(await listAdminDeals(database.db, { q: "steak" }))).toEqual(["Steak dinner, with wine"]);
    expect(headlines(await listAdminDeals(database.db, { q: String(ids.spa) }))).toEqual(["Spa day for two at 100% relaxation"]);
    expect(headlines(await listAdminDeals(database.db, { q: "100%" }))).toEqual(["Spa day for two at 100% relaxation"]);
    expect((await listAdminDeals(database.db, { q: "%" })).total).toBe(1);
    // Every deal of the fixture's merchant, "Serenity Spa Ltd", by words of its business name.
    expect((await listAdminDeals(database.db, { q: "spa ltd" })).total).toBe(3);
  });

  it("filters by state and closing dates, sorts and pages", async () => {
    expect(headlines(await listAdminDeals(database.db, { status: "draft" }))).toEqual(['=HYPERLINK("x") golf lesson']);
    const closingSoon = await listAdminDeals(database.db, { closingBefore: new Date("2027-02-01T00:00:00Z"), sort: "closing", direction: "asc" });
    expect(headlines(closingSoon)).toEqual(["Spa day for two at 100% relaxation", '=HYPERLINK("x") golf lesson']);
    const second = await listAdminDeals(database.db, { sort: "price", direction: "asc", page: 2, pageSize: 25 });
    expect(second).toMatchObject({ rows: [], total: 3, page: 2 });
    expect(headlines(await listAdminDeals(database.db, { sort: "price" }))).toEqual(["Spa day for two at 100% relaxation", "Steak dinner, with wine", '=HYPERLINK("x") golf lesson']);
  });

  it("exports every matching deal as CSV a spreadsheet opens safely", async () => {
    let csv = "";
    for await (const chunk of adminDealsCsv(eachAdminDeal(database.db, {}))) csv += chunk;
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Deal id,Headline,Status,Type,Location,Category,Merchant,Currency,Price,Sold,Closes,Last changed");
    expect(lines).toHaveLength(4);
    expect(csv).toContain(`${ids.steak},"Steak dinner, with wine",live,`);
    // A headline that starts like a formula is written as text.
    expect(csv).toContain(`${ids.draft},"'=HYPERLINK(""x"") golf lesson",draft,`);
    expect(csv).toContain(",GBP,49.00,");
  });
});
