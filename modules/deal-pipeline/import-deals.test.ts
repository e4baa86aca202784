import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertMoreCategories } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { insertStaffMember } from "../../tests/support/staff-fixtures";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { deals, products } from "../catalog/schema";
import { statusEvents } from "../states/schema";
import type { StaffActor } from "../staff/staff-actor";
import { DEAL_IMPORT_COLUMNS, dealImportTemplate } from "./deal-import-csv";
import { checkDealImport, importDeals } from "./import-deals";
import { dealImports } from "./schema";

const clock = new ManualClock("2027-03-01T09:00:00Z");
let manager: StaffActor;
let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  await insertMoreCategories(database.db, basics);
  manager = { staffUserId: await insertStaffMember(database.db, clock, { email: "mona@example.com", role: "deal_manager" }), name: "Mona", role: "deal_manager" };
});
afterAll(async () => database?.dispose());

/** A file of `deals` local deals in London, each with `options` options. */
function file(dealCount: number, options = 2, change: (row: Record<string, string>, index: number) => void = () => {}) {
  const lines = [DEAL_IMPORT_COLUMNS.join(",")];
  let index = 0;
  for (let deal = 1; deal <= dealCount; deal++)
    for (let option = 1; option <= options; option++) {
      const row: Record<string, string> = {
        deal: `d${deal}`,
        headline: `Spa day ${deal}`,
        title: `Spa day ${deal} for two`,
        description: "Pool and sauna and lunch.",
        deal_type: "local",
        country: "GB",
        location: "London",
        category: "beauty",
        sub_category: "spa",
        merchant_id: String(basics.merchant.id),
        redemption_type: "standard",
        closing_date: "2027-12-31 23:59",
        option_title: `Option ${option}`,
        price: `${20 + option}.00`,
        original_price: "50.00",
        stock: "100",
      };
      change(row, index++);
      lines.push(DEAL_IMPORT_COLUMNS.map((column) => row[column] ?? "").join(","));
    }
  return lines.join("\n");
}

const countOf = async (table: typeof deals | typeof products | typeof dealImports) => (await database.db.select({ n: count() }).from(table))[0].n;

beforeEach(async () => {
  await database.db.delete(products);
  await database.db.delete(deals);
  await database.db.delete(dealImports);
});

describe("the dry run", () => {
  it("lists each row's errors by row and column with the editor's messages, and writes nothing", async () => {
    const text = file(3, 2, (row, index) => {
      if (index === 1) row.price = "sixty";
      if (index === 2) row.closing_date = "2020-01-01 10:00";
      if (index === 3) row.headline = "Another headline";
      if (index === 5) row.original_price = "";
    });
    const check = await checkDealImport(database.db, clock, manager, text);
    expect(check.errors).toEqual([
      { row: 3, column: "price", message: "Enter an amount in pounds and pence, such as 12.50." },
      { row: 4, column: "closing_date", message: "The closing date must be in the future." },
      { row: 5, column: "headline", message: "Differs from row 4, the deal's first row: leave it blank or repeat it." },
      { row: 5, column: "closing_date", message: "Differs from row 4, the deal's first row: leave it blank or repeat it." },
      { row: 7, column: "original_price", message: "Enter this: it is required." },
    ]);
    expect(check.rows).toBe(6);
    expect(await countOf(deals)).toBe(0);
    expect(await countOf(dealImports)).toBe(0);
    await expect(importDeals(database.db, clock, manager, { name: "bad.csv", text })).rejects.toMatchObject({ code: "IMPORT_FILE_HAS_ERRORS" });
    expect(await countOf(deals)).toBe(0);
  });

  it("names bad references: a location, category or merchant that does not exist or does not fit", async () => {
    const text = file(4, 1, (row, index) => {
      if (index === 0) row.location = "Atlantis";
      if (index === 1) row.location = "dublin";
      if (index === 2) row.sub_category = "audio";
      if (index === 3) row.merchant_id = "999999";
    });
    const check = await checkDealImport(database.db, clock, manager, text);
    expect(check.errors).toEqual([
      { row: 2, column: "location", message: 'There is no location "Atlantis": use its short name (such as london) or its name.' },
      { row: 3, column: "location", message: "Dublin is not in the market chosen: choose a location there or change the country." },
      { row: 4, column: "sub_category", message: 'There is no sub-category "audio" under beauty: use its short name.' },
      { row: 5, column: "merchant_id", message: "There is no merchant with id 999999." },
    ]);
  });

  it("refuses a file without the template's columns, and passes the template itself", async () => {
    const check = await checkDealImport(database.db, clock, manager, "deal,headline,colour\nd1,Spa,red");
    expect(check.errors[0].message).toMatch(/^missing title, description.*; unknown colour: use the template's columns\.$/);
    const template = await checkDealImport(database.db, clock, manager, dealImportTemplate().replace(",1,standard", `,${basics.merchant.id},standard`));
    expect(template).toMatchObject({ errors: [], rows: 2, deals: 1 });
  });

  it("is refused to a role that cannot create deals", async () => {
    await expect(checkDealImport(database.db, clock, { ...manager, role: "editor" }, file(1))).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
  });
});

describe("the import", () => {
  it("creates the deals as drafts with their options, history and one audit row per batch", async () => {
    const outcome = await importDeals(database.db, clock, manager, { name: "deals.csv", text: file(30, 3) }, { batchRows: 40 });
    expect(outcome).toMatchObject({ rows: 90, deals: 30, resumedFrom: 0 });
    const created = await database.db.select().from(deals).orderBy(deals.id);
    expect(created).toHaveLength(30);
    expect(created.every((deal) => deal.status === "draft" && !deal.published)).toBe(true);
    expect(created[0].urlPath).toBe(`/deal/london/beauty/spa/${created[0].id}/spa-day-1`);
    expect(created[0].price).toBe(2100);
    const options = await database.db.select().from(products).where(eq(products.dealId, created[0].id)).orderBy(products.sortOrder);
    expect(options.map((option) => [option.friendlyName, option.price, option.originalPrice, option.totalRemaining])).toEqual([
      ["Option 1", 2100, 5000, 100],
      ["Option 2", 2200, 5000, 100],
      ["Option 3", 2300, 5000, 100],
    ]);
    const history = await database.db
      .select()
      .from(statusEvents)
      .where(
        inArray(
          statusEvents.aggregateId,
          created.map((deal) => deal.id),
        ),
      );
    expect(history.filter((event) => event.aggregate === "deal" && event.toStatus === "draft")).toHaveLength(30);
    // 90 rows in batches of at least 40 rows, whole deals only: 42, 42, 6.
    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "deal.import"));
    expect(audit).toHaveLength(3);
    const [record] = await database.db.select().from(dealImports);
    expect(record).toMatchObject({ status: "done", totalRows: 90, importedRows: 90, fileName: "deals.csv" });
  });

  it("resumes after a failed batch without writing any row twice, and refuses the finished file", async () => {
    const text = file(10, 2);
    const stop = importDeals(
      database.db,
      clock,
      manager,
      { name: "deals.csv", text },
      {
        batchRows: 6,
        beforeCommit: ({ number }) => {
          if (number === 2) throw new Error("the server stopped");
        },
      },
    );
    await expect(stop).rejects.toMatchObject({ code: "IMPORT_FAILED" });
    expect(await countOf(deals)).toBe(3);
    const [failed] = await database.db.select().from(dealImports);
    expect(failed).toMatchObject({ status: "failed", importedRows: 6, failure: "Rows 7 to 12: the server stopped" });

    const resumed = await importDeals(database.db, clock, manager, { name: "deals.csv", text }, { batchRows: 6 });
    expect(resumed).toMatchObject({ importId: failed.id, resumedFrom: 6, deals: 10 });
    const headlines = (await database.db.select({ headline: deals.headline }).from(deals)).map((deal) => deal.headline).sort();
    expect(headlines).toEqual(Array.from({ length: 10 }, (_, index) => `Spa day ${index + 1}`).sort());
    expect(await countOf(products)).toBe(20);
    expect(await countOf(dealImports)).toBe(1);
    await expect(importDeals(database.db, clock, manager, { name: "again.csv", text })).rejects.toMatchObject({ code: "IMPORT_ALREADY_DONE" });
    expect(await countOf(deals)).toBe(10);
  });

  it("the same file uploaded again while its import is still marked importing (a crash) carries on from its first uncommitted row", async () => {
    const text = file(4, 1);
    await expect(
      importDeals(
        database.db,
        clock,
        manager,
        { name: "deals.csv", text },
        {
          batchRows: 1,
          beforeCommit: ({ number }) => {
            if (number === 3) throw new Error("killed");
          },
        },
      ),
    ).rejects.toMatchObject({ code: "IMPORT_FAILED" });
    // A process killed mid-import never writes "failed": the row stays importing.
    await database.db.update(dealImports).set({ status: "importing", failure: null });
    const resumed = await importDeals(database.db, clock, manager, { name: "renamed.csv", text });
    expect(resumed.resumedFrom).toBe(2);
    expect((await database.db.select({ headline: deals.headline }).from(deals)).map((deal) => deal.headline).sort()).toEqual(["Spa day 1", "Spa day 2", "Spa day 3", "Spa day 4"]);
  });
});
