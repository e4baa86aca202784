import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { type TestDatabase, createTestDatabase } from "../../tests/support/test-db";
import type { CachePurger } from "../../lib/cache-purge";
import { auditEvents } from "../audit/schema";
import { findBasket } from "../basket/baskets";
import { createBasket } from "../basket/create-basket";
import { refreshHolds } from "../basket/refresh-holds";
import { viewBasket } from "../basket/view-basket";
import { DEAL_PROCESS } from "../catalog/deal-lifecycle";
import { deals, products } from "../catalog/schema";
import { searchDocuments } from "../search/schema";
import { statusHistory } from "../states/transition";
import { type DealInput, parseDealForm } from "./deal-form";
import { cloneDeal, createDeal, editDeal } from "./save-deal";

const clock = new ManualClock("2026-11-28T09:00:00Z");
const manager = { staffUserId: 3, name: "Dana Manager", role: "deal_manager" as const };
const editor = { staffUserId: 4, name: "Edna Editor", role: "editor" as const };
const agent = { staffUserId: 5, name: "Cass Service", role: "customer_service" as const };
let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const purged: string[][] = [];
const purger: CachePurger = { name: "recording", purge: async (tags) => void purged.push([...tags]) };

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(async () => database?.dispose());

/** The form as a deal manager fills it in: a London spa deal with two options. */
function londonForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    headline: "£29 for a Spa Day for Two at Serenity Spa, Soho",
    title: "A spa day for two",
    description: "Pool, sauna and a massage each.",
    finePrint: "Book 24 hours ahead.",
    dealType: "local",
    countryCode: "GB",
    locationId: "275850",
    subCategoryId: String(basics.spa.id),
    merchantId: String(basics.merchant.id),
    redemptionType: "call-to-book",
    promoTypeTitle: "Black Friday",
    closingDate: "2027-01-31T23:59",
    "options.0.title": "Spa day for one",
    "options.0.price": "19",
    "options.0.originalPrice": "45.00",
    "options.0.adminFee": "0.99",
    "options.0.stock": "100",
    "options.1.title": "Spa day for two",
    "options.1.price": "29.50",
    "options.1.originalPrice": "90",
    "options.1.stock": "50",
    "options.1.purchaseCap": "2",
    ...overrides,
  };
}

function parsed(form: Record<string, string>): DealInput {
  const result = parseDealForm(form, clock.now());
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.input;
}

describe("checking the form", () => {
  it("reads pounds as pence and keeps every field", () => {
    const input = parsed(londonForm());
    expect(input.options).toEqual([
      { id: null, title: "Spa day for one", price: 1900, originalPrice: 4500, vipPrice: null, adminFee: 99, stock: 100, purchaseCap: null },
      { id: null, title: "Spa day for two", price: 2950, originalPrice: 9000, vipPrice: null, adminFee: 0, stock: 50, purchaseCap: 2 },
    ]);
    // 23:59 London time in January is 23:59 UTC.
    expect(input.closingDate.toISOString()).toBe("2027-01-31T23:59:00.000Z");
  });

  it("asks for the merchant to be chosen from the search when none is, and ignores the search words themselves", () => {
    for (const merchantId of ["", "Serenity Spa", "0"]) {
      const result = parseDealForm(londonForm({ merchantId, merchantQuery: "serenity" }), clock.now());
      expect(result).toEqual({ ok: false, fieldErrors: { merchantId: "Choose the merchant: search by name, then pick it from the list." } });
    }
    const input = parsed(londonForm({ merchantQuery: "anything at all" }));
    expect(input.merchantId).toBe(basics.merchant.id);
    expect(input).not.toHaveProperty("merchantQuery");
  });

  it("lists every problem by field: price above the original, bad money, a zero cap, a negative stock, no location for a local deal", () => {
    const result = parseDealForm(
      londonForm({
        "options.0.price": "50",
        "options.1.originalPrice": "12.345",
        dailyCap: "0",
        "options.1.stock": "-3",
        locationId: "",
        headline: " ",
        closingDate: "2020-01-01T00:00",
      }),
      clock.now(),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fieldErrors).toEqual({
      headline: "Enter this: it is required.",
      locationId: "Choose the location where a local deal is sold.",
      closingDate: "The closing date must be in the future.",
      dailyCap: "Enter a whole number of 1 or more, or leave it blank for no limit.",
      "options.0.price": "The price cannot be more than the original price.",
      "options.1.originalPrice": "Enter an amount in pounds and pence, such as 12.50.",
      "options.1.stock": "Enter a whole number of 0 or more, or leave it blank for unlimited stock.",
    });
  });

  it("asks for at least one option, and a VIP price only below the price with VIP prices ticked", () => {
    const none = parseDealForm(
      {
        ...londonForm(),
        "options.0.title": "",
        "options.0.price": "",
        "options.0.originalPrice": "",
        "options.0.adminFee": "",
        "options.0.stock": "",
        "options.1.title": "",
        "options.1.price": "",
        "options.1.originalPrice": "",
        "options.1.stock": "",
        "options.1.purchaseCap": "",
      },
      clock.now(),
    );
    expect(!none.ok && none.fieldErrors["options.0.title"]).toBe("Add at least one option with its title and prices.");
    const vip = parseDealForm(londonForm({ "options.0.vipPrice": "20", vipDiscountAllowed: "on" }), clock.now());
    expect(!vip.ok && vip.fieldErrors["options.0.vipPrice"]).toBe("The VIP price must be lower than the price, or left blank.");
  });
});

describe("creating, editing and cloning deals", () => {
  it("a deposit is read as pence per unit, blank for none, and must be below every option's price", () => {
    expect(parsed(londonForm()).depositPrice).toBeNull();
    expect(parsed(londonForm({ depositPrice: "£10.00" })).depositPrice).toBe(1000);
    const problem = (depositPrice: string) => {
      const result = parseDealForm(londonForm({ depositPrice }), clock.now());
      return result.ok ? null : result.fieldErrors.depositPrice;
    };
    expect(problem("ten pounds")).toBe("Enter an amount in pounds and pence, such as 12.50.");
    expect(problem("0")).toBe("Enter a deposit of more than 0, or leave it blank for no deposit.");
    // The cheaper option is £19.00: a £19.00 deposit would be the whole price.
    expect(problem("19")).toBe("The deposit must be less than every option's price.");
  });

  it("a deposit set in the editor is the deal's, and its change is audited", async () => {
    const created = await createDeal(database.db, clock, manager, parsed(londonForm({ depositPrice: "5" })));
    const dealId = created.ok ? created.dealId : 0;
    expect((await database.db.select({ depositPrice: deals.depositPrice }).from(deals).where(eq(deals.id, dealId)))[0].depositPrice).toBe(500);
    const options = await database.db.select({ id: products.id }).from(products).where(eq(products.dealId, dealId)).orderBy(products.sortOrder);
    const edited = await editDeal(
      database.db,
      clock,
      { purger },
      manager,
      dealId,
      parsed(londonForm({ depositPrice: "", "options.0.id": String(options[0].id), "options.1.id": String(options[1].id) })),
    );
    expect(edited.ok).toBe(true);
    expect((await database.db.select({ depositPrice: deals.depositPrice }).from(deals).where(eq(deals.id, dealId)))[0].depositPrice).toBeNull();
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(dealId)), eq(auditEvents.action, "deal.edit")));
    expect(audit.changes).toEqual({ depositPrice: [500, null] });
  });

  it("delivery: a voucher only by default; posted goods need a standard price, next day at least that, and postage typed for a voucher is refused", () => {
    expect(parsed(londonForm()).delivery).toBeNull();
    expect(parsed(londonForm({ delivery: "posted", standardPostage: "2.99", nextDayPostage: "5.99", collectFrom: " 12 High Street, Soho " })).delivery).toEqual({
      standardPrice: 299,
      nextDayPrice: 599,
      collectFrom: "12 High Street, Soho",
    });
    const problems = (form: Record<string, string>) => {
      const result = parseDealForm(londonForm(form), clock.now());
      return result.ok ? {} : result.fieldErrors;
    };
    expect(problems({ delivery: "posted" }).standardPostage).toBe("Enter the standard delivery price per item (0.00 for free delivery).");
    expect(problems({ delivery: "posted", standardPostage: "3", nextDayPostage: "2" }).nextDayPostage).toBe("Next working day delivery cannot cost less than standard delivery.");
    expect(problems({ delivery: "none", nextDayPostage: "5" }).nextDayPostage).toBe("Choose “Goods posted to the shopper” to offer delivery, or clear this.");
    expect(problems({ delivery: "drone" }).delivery).toBe("Choose whether the deal is a voucher only or goods posted to the shopper.");
  });

  it("delivery set in the editor is offered by every option, priced for listings, read back by the form, and audited when changed", async () => {
    const db = database.db;
    const created = await createDeal(db, clock, manager, parsed(londonForm({ delivery: "posted", standardPostage: "0", nextDayPostage: "4.50" })));
    const dealId = created.ok ? created.dealId : 0;
    const [deal] = await db.select({ deliveryType: deals.deliveryType, minPostagePrice: deals.minPostagePrice }).from(deals).where(eq(deals.id, dealId));
    expect(deal).toEqual({ deliveryType: "standard", minPostagePrice: 0 });
    const options = await db.select({ id: products.id, deliveryOptions: products.deliveryOptions }).from(products).where(eq(products.dealId, dealId)).orderBy(products.sortOrder);
    expect(options.map((option) => option.deliveryOptions.map((choice) => [choice.method, choice.price]))).toEqual([
      [
        ["standard", 0],
        ["next_day", 450],
      ],
      [
        ["standard", 0],
        ["next_day", 450],
      ],
    ]);
    const ids = { "options.0.id": String(options[0].id), "options.1.id": String(options[1].id) };
    const edited = await editDeal(
      db,
      clock,
      { purger },
      manager,
      dealId,
      parsed(londonForm({ ...ids, delivery: "posted", standardPostage: "1.99", collectFrom: "1 Dean Street, Soho" })),
    );
    expect(edited.ok).toBe(true);
    const [after] = await db.select({ deliveryOptions: products.deliveryOptions }).from(products).where(eq(products.id, options[1].id));
    expect(after.deliveryOptions).toEqual([
      { method: "standard", label: "Standard delivery (3 to 5 working days)", price: 199 },
      { method: "click_and_collect", label: "Click and collect (9 to 5 weekdays)", price: 0, collectFrom: "1 Dean Street, Soho" },
    ]);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(dealId)), eq(auditEvents.action, "deal.edit")));
    expect(audit.changes).toEqual({
      delivery: [
        { standardPrice: 0, nextDayPrice: 450, collectFrom: null },
        { standardPrice: 199, nextDayPrice: null, collectFrom: "1 Dean Street, Soho" },
      ],
    });
    // Back to a voucher only: nothing is offered or charged for postage any more.
    await editDeal(db, clock, { purger }, manager, dealId, parsed(londonForm(ids)));
    const [voucher] = await db.select({ deliveryType: deals.deliveryType, minPostagePrice: deals.minPostagePrice }).from(deals).where(eq(deals.id, dealId));
    expect(voucher).toEqual({ deliveryType: "none", minPostagePrice: null });
    expect((await db.select({ deliveryOptions: products.deliveryOptions }).from(products).where(eq(products.id, options[0].id)))[0].deliveryOptions).toEqual([]);
  });

  it("a deal manager creates a London draft: lead price from the cheapest option with its admin fee, the seed's URL shape, a history row and an audit row", async () => {
    const result = await createDeal(database.db, clock, manager, parsed(londonForm()));
    expect(result.ok).toBe(true);
    const dealId = result.ok ? result.dealId : 0;
    const [deal] = await database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({
      status: "draft",
      published: false,
      // "From" £19.99: the option's £19.00 and its £0.99 admin fee (docs/decisions/from-prices-include-admin-fees.md).
      price: 1999,
      originalPrice: 4599,
      discountPercentage: 56,
      locationId: 275850,
      categoryId: basics.beauty.id,
      currency: "GBP",
      promoTypeTitle: "Black Friday",
    });
    expect(deal.urlPath).toBe(`/deal/london/beauty/spa/${dealId}/29-for-a-spa-day-for-two-at-serenity-spa-soho`);
    const options = await database.db.select().from(products).where(eq(products.dealId, dealId)).orderBy(products.sortOrder);
    expect(options.map((p) => [p.friendlyName, p.price, p.adminFee, p.totalRemaining, p.purchaseCap])).toEqual([
      ["Spa day for one", 1900, 99, 100, null],
      ["Spa day for two", 2950, 0, 50, 2],
    ]);
    expect((await statusHistory(database.db, DEAL_PROCESS, dealId)).map((e) => e.toStatus)).toEqual(["draft"]);
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(dealId)));
    expect(audit).toMatchObject({ action: "deal.create", actorName: "Dana Manager" });
  });

  it("refuses a category of another kind, an unknown merchant and a location of the other market, writing nothing", async () => {
    const before = await database.db.$count(deals);
    const result = await createDeal(database.db, clock, manager, parsed(londonForm({ merchantId: "999999", locationId: "275859" })));
    expect(result).toEqual({
      ok: false,
      fieldErrors: { locationId: "Dublin is not in the market chosen: choose a location there or change the market.", merchantId: "There is no merchant with that id." },
    });
    expect(await database.db.$count(deals)).toBe(before);
  });

  it("only deal managers and owners create; customer service may not edit", async () => {
    await expect(createDeal(database.db, clock, editor, parsed(londonForm()))).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
    const { deal } = await insertSellable(database.db, basics);
    await expect(editDeal(database.db, clock, { purger }, agent, deal.id, parsed(londonForm()))).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
  });

  it("an editor changes a live deal's price: lead price, search and cache follow, the audit has before and after, a held basket keeps its price", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { status: "live" }, product: { price: 1900, originalPrice: 4500, totalRemaining: 40 } });
    const shopperNow = actorAt(clock.now());
    const held = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, shopperNow);
    purged.length = 0;
    const form = londonForm({
      "options.0.id": String(product.id),
      "options.0.price": "24.00",
      "options.0.adminFee": "",
      "options.0.stock": "30",
      "options.1.title": "",
      "options.1.price": "",
      "options.1.originalPrice": "",
      "options.1.stock": "",
      "options.1.purchaseCap": "",
    });
    expect(await editDeal(database.db, clock, { purger }, editor, deal.id, parsed(form))).toEqual({ ok: true, dealId: deal.id });

    const [row] = await database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect([row.price, row.status]).toEqual([2400, "live"]);
    const [stock] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect([stock.price, stock.totalRemaining]).toEqual([2400, 30]);
    expect(purged).toEqual([[`deal:${deal.id}`]]);
    const [document] = await database.db.select().from(searchDocuments).where(eq(searchDocuments.dealId, deal.id));
    expect(JSON.stringify(document)).toContain("Spa Day for Two");
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "deal.edit"), eq(auditEvents.entityId, String(deal.id))));
    expect(audit).toMatchObject({ actorName: "Edna Editor", entityId: String(deal.id) });
    expect(JSON.stringify(audit.changes)).toContain('"price":1900');
    expect(JSON.stringify(audit.changes)).toContain('"price":2400');

    // The basket held the option at £19 before the change: it still costs £19 while held.
    const heldView = await viewBasket(database.db, (await findBasket(database.db, held.token, shopperNow))!, shopperNow);
    expect(heldView.lines[0].price.unitPrice).toBe(1900);
    // A new basket pays the new price; so does the held one once its hold ran out and was taken again.
    const fresh = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, shopperNow);
    expect((await viewBasket(database.db, (await findBasket(database.db, fresh.token, shopperNow))!, shopperNow)).lines[0].price.unitPrice).toBe(2400);
    const later = actorAt(new Date(clock.now().getTime() + 11 * 60_000));
    await refreshHolds(database.db, held.token, later);
    expect((await viewBasket(database.db, (await findBasket(database.db, held.token, later))!, later)).lines[0].price.unitPrice).toBe(2400);
  });

  it("a price cut reaches a held basket at once", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { status: "live" }, product: { price: 1900, originalPrice: 4500 } });
    const shopperNow = actorAt(clock.now());
    const held = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, shopperNow);
    const form = londonForm({
      "options.0.id": String(product.id),
      "options.0.price": "15",
      "options.0.adminFee": "",
      "options.1.title": "",
      "options.1.price": "",
      "options.1.originalPrice": "",
      "options.1.stock": "",
      "options.1.purchaseCap": "",
    });
    await editDeal(database.db, clock, { purger }, editor, deal.id, parsed(form));
    expect((await viewBasket(database.db, (await findBasket(database.db, held.token, shopperNow))!, shopperNow)).lines[0].price.unitPrice).toBe(1500);
  });

  it("an option left out is hidden, not deleted; an option of another deal is refused", async () => {
    const { deal, product } = await insertSellable(database.db, basics);
    const other = await insertSellable(database.db, basics);
    const refused = await editDeal(database.db, clock, { purger }, editor, deal.id, parsed(londonForm({ "options.0.id": String(other.product.id) })));
    expect(refused).toEqual({ ok: false, fieldErrors: { "options.0.title": "That option belongs to another deal: reload the page and try again." } });
    await editDeal(database.db, clock, { purger }, editor, deal.id, parsed(londonForm()));
    const [old] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect([old.visible, old.disabled]).toEqual([false, true]);
    expect(await database.db.$count(products, eq(products.dealId, deal.id))).toBe(3);
  });

  it("clone makes a new draft with the same words, options and photos, audited with its source", async () => {
    const { deal } = await insertSellable(database.db, basics, { deal: { status: "live", headline: "Hot stones" } });
    const { dealId } = await cloneDeal(database.db, clock, manager, deal.id);
    const [copy] = await database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(copy).toMatchObject({ headline: "Hot stones", status: "draft", published: false, price: deal.price, images: deal.images });
    expect(copy.urlPath).not.toBe(deal.urlPath);
    expect(await database.db.$count(products, eq(products.dealId, dealId))).toBe(1);
    const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "deal.clone"));
    expect(audit.entityId).toBe(String(dealId));
    await expect(cloneDeal(database.db, clock, editor, deal.id)).rejects.toMatchObject({ code: "NOT_YOUR_ROLE" });
  });

  it("leaves travel deals to the travel tools: neither edited nor cloned here", async () => {
    const { deal } = await insertSellable(database.db, basics, { deal: { dealType: "travel", locationId: null, headline: "Three nights in Rome" } });
    await expect(editDeal(database.db, clock, { purger }, editor, deal.id, parsed(londonForm()))).rejects.toMatchObject({ code: "TRAVEL_NOT_EDITABLE" });
    await expect(cloneDeal(database.db, clock, manager, deal.id)).rejects.toMatchObject({ code: "TRAVEL_NOT_EDITABLE" });
    const [row] = await database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect([row.headline, row.dealType]).toEqual(["Three nights in Rome", "travel"]);
  });
});
