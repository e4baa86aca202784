import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { auditEvents } from "../audit/schema";
import { readBundleParts } from "../catalog/deal-bundle-records";
import { parseBundleForm, saveBundleParts } from "./edit-bundle-parts";

const clock = new ManualClock("2026-11-29T09:00:00Z");
const editor = { staffUserId: 4, name: "Edna Editor", role: "editor" as const };
const agent = { staffUserId: 5, name: "Cass Service", role: "customer_service" as const };
let database: TestDatabase;
let dealId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  dealId = (await insertSellable(database.db, basics, {})).deal.id;
});
afterAll(async () => database?.dispose());

describe("the bundle form", () => {
  it("reads the rows in order, skipping blank ones; a VAT number is tidied and places split", () => {
    expect(
      parseBundleForm({
        "parts.0.name": "Afternoon tea for two",
        "parts.0.businessName": "The Tea Rooms",
        "parts.0.vatNumber": "gb 123 4567 89",
        "parts.0.locations": "Soho,  Covent Garden",
        "parts.2.name": "A river cruise",
        "parts.2.businessName": "Thames Boats Ltd",
      }),
    ).toEqual({
      ok: true,
      parts: [
        { name: "Afternoon tea for two", businessName: "The Tea Rooms", vatNumber: "GB123456789", locations: ["Soho", "Covent Garden"] },
        { name: "A river cruise", businessName: "Thames Boats Ltd", vatNumber: null, locations: [] },
      ],
    });
  });

  it("names each problem by its field: a part without its business, a VAT number of no known shape", () => {
    expect(parseBundleForm({ "parts.0.name": "Tea", "parts.1.businessName": "Boats", "parts.1.name": "Cruise", "parts.1.vatNumber": "FR123" })).toEqual({
      ok: false,
      fieldErrors: {
        "parts.0.businessName": "Enter the business that provides it.",
        "parts.1.vatNumber": "Enter a VAT number such as GB123456789 or IE1234567T, or leave it blank.",
      },
    });
  });
});

describe("saving the parts", () => {
  it("replaces the list in the order given, and audits each save", async () => {
    const parts = [
      { name: "Afternoon tea for two", businessName: "The Tea Rooms", vatNumber: "GB123456789", locations: ["Soho"] },
      { name: "A river cruise", businessName: "Thames Boats Ltd", vatNumber: null, locations: [] },
    ];
    await saveBundleParts(database.db, clock, editor, dealId, parts);
    await saveBundleParts(database.db, clock, editor, dealId, [parts[1], parts[0]]);
    expect((await readBundleParts(database.db, dealId)).map((part) => part.name)).toEqual(["A river cruise", "Afternoon tea for two"]);
    const audits = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "deal.bundle-parts"));
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ actorName: "Edna Editor", entityId: String(dealId) });
  });

  it("refuses customer service and an unknown deal, changing nothing", async () => {
    await expect(saveBundleParts(database.db, clock, agent, dealId, [])).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
    await expect(saveBundleParts(database.db, clock, editor, 999_999_999, [])).rejects.toMatchObject({ code: "DEAL_NOT_FOUND" });
    expect(await readBundleParts(database.db, dealId)).toHaveLength(2);
  });
});
