/**
 * The deal editor as staff use it: a deal manager creates a London deal with two options; a bad
 * form lists its problems linking to the fields; an editor changes a live deal's price and the shop's
 * deal page shows it on the next request while the audit shows before and after; clone; and
 * customer service is refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals, merchants, products } from "../../modules/catalog/schema";
import type { StaffRole } from "../../modules/staff/roles";
import { passSecondFactor, startStaffSession } from "../../modules/staff/staff-sessions";
import { insertSellable } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml, pageText, startPageApp } from "../support/page-app";
import { insertStaffMember } from "../support/staff-fixtures";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const clock = new ManualClock("2026-11-28T09:00:00Z");
let ip = 60;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);
afterAll(async () => {
  await close?.();
  await database?.dispose();
});

async function signedInAs(role: StaffRole, name: string): Promise<TestBrowser> {
  const id = await insertStaffMember(database.db, clock, { email: `${role}-${ip}@example.com`, role, name });
  const session = await startStaffSession(database.db, clock, id, null);
  await passSecondFactor(database.db, clock, session.id);
  ip += 1;
  const member = new TestBrowser(app, { ip: `198.51.100.${ip}` });
  member.cookies.set("staffSession", session.token);
  return member;
}

function londonDeal(): Record<string, string> {
  return {
    headline: "£29 for a Spa Day for Two at Serenity Spa",
    title: "A spa day",
    description: "Pool and sauna.",
    finePrint: "",
    dealType: "local",
    countryCode: "GB",
    locationId: "275850",
    subCategoryId: String(basics.spa.id),
    merchantId: String(basics.merchant.id),
    redemptionType: "standard",
    closingDate: "2027-02-01T12:00",
    "options.0.title": "For one",
    "options.0.price": "19.00",
    "options.0.originalPrice": "45.00",
    "options.0.stock": "20",
    "options.1.title": "For two",
    "options.1.price": "29",
    "options.1.originalPrice": "90",
    "options.2.title": "",
  };
}

describe("creating a deal", () => {
  it("a deal manager creates a London draft with two options and lands on its page", async () => {
    const manager = await signedInAs("deal_manager", "Mo");
    const form = await manager.request("/admin/deals/new");
    expect(form.status).toBe(200);
    const html = await pageHtml(form);
    expect(html).toContain('<label for="option-0-price"');
    expect(pageText(html)).toContain("London");

    const created = await manager.request("/admin/deals/new", { method: "POST", form: { _csrf: await manager.csrfToken(), ...londonDeal() } });
    expect(created.status).toBe(302);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/deals\/\d+\?created=1$/);
    const dealId = Number(location.split("/")[3].split("?")[0]);
    const page = pageText(await pageHtml(await manager.request(location)));
    expect(page).toContain("Draft created.");
    expect(page).toContain("Send for review");
    const [deal] = await database.db.select().from(deals).where(eq(deals.id, dealId));
    expect([deal.status, deal.price, deal.locationId]).toEqual(["draft", 1900, 275850]);
    expect(await database.db.$count(products, eq(products.dealId, dealId))).toBe(2);
  });

  it("answers a bad form with a summary linking to each field, keeping what was typed", async () => {
    const manager = await signedInAs("deal_manager", "Mo");
    const bad = await manager.request("/admin/deals/new", {
      method: "POST",
      form: { _csrf: await manager.csrfToken(), ...londonDeal(), "options.0.price": "50", "options.1.originalPrice": "ninety", weeklyCap: "0" },
    });
    expect(bad.status).toBe(400);
    const html = await pageHtml(bad);
    expect(pageText(html)).toContain("There is a problem");
    expect(html).toContain('href="#option-0-price"');
    expect(html).toContain('href="#option-1-originalPrice"');
    expect(html).toContain('href="#deal-weekly-cap"');
    expect(pageText(html)).toContain("The price cannot be more than the original price.");
    expect(html).toContain('value="ninety"');
  });

  it("a deposit as much as an option's price is refused with the field linked; one below every price is kept and shown when editing", async () => {
    const manager = await signedInAs("deal_manager", "Dee");
    const tooMuch = await manager.request("/admin/deals/new", { method: "POST", form: { _csrf: await manager.csrfToken(), ...londonDeal(), depositPrice: "500" } });
    expect(tooMuch.status).toBe(400);
    const html = await pageHtml(tooMuch);
    expect(html).toContain('href="#deal-deposit"');
    expect(pageText(html)).toContain("The deposit must be less than every option's price.");
    const created = await manager.request("/admin/deals/new", { method: "POST", form: { _csrf: await manager.csrfToken(), ...londonDeal(), depositPrice: "5" } });
    expect(created.status).toBe(302);
    const dealId = Number(created.headers.get("location")!.split("/")[3].split("?")[0]);
    const edit = await pageHtml(await manager.request(`/admin/deals/${dealId}/edit`));
    expect(edit).toMatch(/id="deal-deposit"[^>]*value="5.00"|value="5.00"[^>]*id="deal-deposit"/);
  });
});

describe("choosing the merchant", () => {
  it("finds merchants by name without saving anything and offers only the matches, keeping what was typed", async () => {
    await database.db.insert(merchants).values([
      { businessName: "Harbour Kitchen Ltd", displayName: "Harbour Kitchen" },
      { businessName: "Hilltop Bakes Ltd", displayName: "Hilltop Bakes" },
    ]);
    const manager = await signedInAs("deal_manager", "Mo");
    const before = await database.db.$count(deals);
    const found = await manager.request("/admin/deals/new", {
      method: "POST",
      form: { _csrf: await manager.csrfToken(), ...londonDeal(), merchantId: "", merchantQuery: "harbour", intent: "find-merchant" },
    });
    expect(found.status).toBe(200);
    const html = await pageHtml(found);
    const select = html.slice(html.indexOf('<select id="deal-merchant"'), html.indexOf("</select>", html.indexOf('<select id="deal-merchant"')));
    expect(pageText(select)).toContain("Harbour Kitchen (Harbour Kitchen Ltd, no.");
    expect(select).not.toContain("Hilltop");
    expect(select).not.toContain("Serenity");
    expect(pageText(html)).toContain("1 merchant match “harbour”.");
    expect(html).toContain('value="£29 for a Spa Day for Two at Serenity Spa"');
    expect(pageText(html)).not.toContain("There is a problem");
    expect(await database.db.$count(deals)).toBe(before);
  });

  it("says so when no merchant matches, and a save without a merchant links the summary to the merchant select", async () => {
    const manager = await signedInAs("deal_manager", "Mo");
    const csrf = await manager.csrfToken();
    const none = pageText(
      await pageHtml(await manager.request("/admin/deals/new", { method: "POST", form: { _csrf: csrf, ...londonDeal(), merchantQuery: "zzzz", intent: "find-merchant" } })),
    );
    expect(none).toContain("No merchant matches “zzzz”.");
    const refused = await manager.request("/admin/deals/new", { method: "POST", form: { _csrf: csrf, ...londonDeal(), merchantId: "" } });
    expect(refused.status).toBe(400);
    const html = await pageHtml(refused);
    expect(html).toContain('href="#deal-merchant"');
    expect(pageText(html)).toContain("Choose the merchant: search by name, then pick it from the list.");
  });

  it("the edit form offers the deal's own merchant by name", async () => {
    const { deal } = await insertSellable(database.db, basics);
    const editor = await signedInAs("editor", "Edna");
    const html = await pageHtml(await editor.request(`/admin/deals/${deal.id}/edit`));
    expect(html).toMatch(new RegExp(`<option value="${basics.merchant.id}" selected="">Serenity Spa \\(Serenity Spa Ltd, no. ${basics.merchant.id}\\)</option>`));
  });
});

describe("bundle parts", () => {
  it("an editor lists a live deal's parts: a bad VAT number is linked from the summary, then the shop's deal page lists them", async () => {
    const { deal } = await insertSellable(database.db, basics, { deal: { status: "live", headline: "Tea and a cruise" } });
    const urlPath = `/deal/london/beauty/spa/${deal.id}/tea-and-a-cruise`;
    await database.db.update(deals).set({ urlPath }).where(eq(deals.id, deal.id));
    const editor = await signedInAs("editor", "Bea");
    const save = async (form: Record<string, string>) => editor.request(`/admin/deals/${deal.id}/bundle`, { method: "POST", form: { _csrf: await editor.csrfToken(), ...form } });
    const parts = {
      "parts.0.name": "Afternoon tea for two",
      "parts.0.businessName": "The Tea Rooms",
      "parts.1.name": "A river cruise",
      "parts.1.businessName": "Thames Boats Ltd",
    };
    const refused = await save({ ...parts, "parts.1.vatNumber": "123" });
    expect(refused.status).toBe(400);
    const html = await pageHtml(refused);
    expect(html).toContain('href="#bundle-1-vatNumber"');
    expect(html).toContain('value="Afternoon tea for two"');
    const saved = await save({ ...parts, "parts.1.vatNumber": "GB 123456789" });
    expect(pageText(await pageHtml(saved))).toContain("Saved 2 parts: the deal page lists them from the next request.");
    const shopHtml = await pageHtml(await new TestBrowser(app, { ip: "203.0.113.19" }).request(urlPath));
    const bundle = shopHtml.slice(shopHtml.indexOf('data-testid="bundle-children"'));
    expect(pageText(bundle)).toMatch(/Afternoon tea for two[\s\S]*The Tea Rooms[\s\S]*A river cruise[\s\S]*Thames Boats Ltd/);
    const agent = await signedInAs("customer_service", "Cy");
    expect((await agent.request(`/admin/deals/${deal.id}/bundle`, { method: "POST", form: { _csrf: await agent.csrfToken(), ...parts } })).status).toBe(403);
  });
});

describe("changing a live deal", () => {
  it("an editor's new price is on the shop's deal page at the next request, and the audit shows before and after", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { status: "live", headline: "Hot stone massage" }, product: { price: 1900, originalPrice: 4500 } });
    const urlPath = `/deal/london/beauty/spa/${deal.id}/hot-stone-massage`;
    await database.db.update(deals).set({ urlPath }).where(eq(deals.id, deal.id));
    const shopper = new TestBrowser(app, { ip: "203.0.113.9" });
    expect(pageText(await pageHtml(await shopper.request(urlPath)))).toContain("£19.00");

    const editor = await signedInAs("editor", "Edna");
    const editPage = pageText(await pageHtml(await editor.request(`/admin/deals/${deal.id}/edit`)));
    expect(editPage).toContain("How shoppers see the price");
    expect(editPage).toContain("£19.00");
    const form = {
      ...londonDeal(),
      headline: "Hot stone massage",
      "options.0.id": String(product.id),
      "options.0.price": "24.00",
      "options.1.title": "",
      "options.1.price": "",
      "options.1.originalPrice": "",
    };
    const saved = await editor.request(`/admin/deals/${deal.id}/edit`, { method: "POST", form: { _csrf: await editor.csrfToken(), ...form } });
    expect(saved.status).toBe(200);
    expect(pageText(await pageHtml(saved))).toContain("Saved: shoppers see the change from their next page.");

    const shopPage = pageText(await pageHtml(await shopper.request(urlPath)));
    expect(shopPage).toContain("£24.00");
    expect(shopPage).not.toContain("£19.00");

    const owner = await signedInAs("owner", "Olive");
    const audit = pageText(await pageHtml(await owner.request(`/admin/audit?entityType=deal&entityId=${deal.id}`)));
    expect(audit).toContain("deal.edit");
    expect(audit).toContain("1900");
    expect(audit).toContain("2400");
  });

  it("flagging a deal high fraud risk is saved, shown ticked when editing, and audited", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { status: "live", headline: "Designer handbag" }, product: { price: 9900, originalPrice: 20000 } });
    const editor = await signedInAs("editor", "Edwin");
    const form = {
      ...londonDeal(),
      headline: "Designer handbag",
      highFraudRisk: "on",
      "options.0.id": String(product.id),
      "options.0.price": "99.00",
      "options.0.originalPrice": "200.00",
      "options.1.title": "",
      "options.1.price": "",
      "options.1.originalPrice": "",
    };
    const saved = await editor.request(`/admin/deals/${deal.id}/edit`, { method: "POST", form: { _csrf: await editor.csrfToken(), ...form } });
    expect(pageText(await pageHtml(saved))).toContain("Saved: shoppers see the change from their next page.");
    const [row] = await database.db.select({ highFraudRisk: deals.highFraudRisk }).from(deals).where(eq(deals.id, deal.id));
    expect(row.highFraudRisk).toBe(true);
    expect(await pageHtml(await editor.request(`/admin/deals/${deal.id}/edit`))).toMatch(/id="deal-high-fraud-risk"[^>]*name="highFraudRisk" checked=""/);
    const owner = await signedInAs("owner", "Otto");
    expect(pageText(await pageHtml(await owner.request(`/admin/audit?entityType=deal&entityId=${deal.id}`)))).toContain("highFraudRisk");
  });

  it("an editor offers posted delivery: postage typed for a voucher-only deal is linked from the summary; once saved the shop's deal page lists the choices and the form shows them", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { status: "live", headline: "Garden hammock" } });
    const urlPath = `/deal/london/beauty/spa/${deal.id}/garden-hammock`;
    await database.db.update(deals).set({ urlPath }).where(eq(deals.id, deal.id));
    const editor = await signedInAs("editor", "Edie");
    const form = { ...londonDeal(), headline: "Garden hammock", "options.0.id": String(product.id), "options.1.title": "", "options.1.price": "", "options.1.originalPrice": "" };
    const refused = await editor.request(`/admin/deals/${deal.id}/edit`, {
      method: "POST",
      form: { _csrf: await editor.csrfToken(), ...form, delivery: "none", nextDayPostage: "4.99" },
    });
    expect(refused.status).toBe(400);
    const refusal = await pageHtml(refused);
    expect(refusal).toContain('href="#deal-next-day-postage"');
    expect(pageText(refusal)).toContain("Choose “Goods posted to the shopper” to offer delivery, or clear this.");

    const delivery = { delivery: "posted", standardPostage: "2.49", nextDayPostage: "4.99", collectFrom: "3 Mill Lane, Camden" };
    const saved = await editor.request(`/admin/deals/${deal.id}/edit`, { method: "POST", form: { _csrf: await editor.csrfToken(), ...form, ...delivery } });
    expect(saved.status).toBe(200);
    const shopPage = pageText(await pageHtml(await new TestBrowser(app, { ip: "203.0.113.12" }).request(urlPath)));
    expect(shopPage).toContain("Standard delivery (3 to 5 working days) £2.49");
    expect(shopPage).toContain("Next working day delivery £4.99");
    expect(shopPage).toContain("Collect from 3 Mill Lane, Camden FREE");
    const edit = await pageHtml(await editor.request(`/admin/deals/${deal.id}/edit`));
    expect(edit).toMatch(/id="deal-delivery-posted"[^>]*checked|checked[^>]*id="deal-delivery-posted"/);
    expect(edit).toMatch(/id="deal-next-day-postage"[^>]*value="4.99"|value="4.99"[^>]*id="deal-next-day-postage"/);
    expect(edit).toContain('value="3 Mill Lane, Camden"');
  });

  it("previews the price display rules: the saving to everyone, the VIP price to members, per person", async () => {
    const { deal } = await insertSellable(database.db, basics, {
      deal: { status: "live", price: 2000, originalPrice: 5000, discountPercentage: 60, vipPrice: 1800, vipDiscountPercentage: 64, vipDiscountAllowed: true, pricePerPerson: true },
      product: { price: 2000, originalPrice: 5000, vipPrice: 1800 },
    });
    const editor = await signedInAs("editor", "Edna");
    const html = await pageHtml(await editor.request(`/admin/deals/${deal.id}/edit`));
    const preview = pageText(html.slice(html.indexOf('data-testid="price-preview"')));
    expect(preview).toMatch(/On a tile, to everyone £20\.00 pp .*was £50\.00 Save 60% On a tile, to VIP members VIP £18\.00 pp .*Save 64%/s);
  });

  it("clones a deal into a new draft and opens its edit form", async () => {
    const { deal } = await insertSellable(database.db, basics, { deal: { status: "live", headline: "Curry night" } });
    const manager = await signedInAs("deal_manager", "Mo");
    const cloned = await manager.request(`/admin/deals/${deal.id}`, { method: "POST", form: { _csrf: await manager.csrfToken(), intent: "clone" } });
    expect(cloned.status).toBe(302);
    const location = cloned.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/admin/deals/\\d+/edit\\?cloned=${deal.id}$`));
    const page = pageText(await pageHtml(await manager.request(location)));
    expect(page).toContain(`A draft copy of deal ${deal.id}`);
    expect(page).toContain("Edit: Curry night");
  });
});

describe("who may", () => {
  it("customer service gets 403 on creating, editing and cloning; an editor may edit but not create or clone", async () => {
    const { deal } = await insertSellable(database.db, basics);
    const agent = await signedInAs("customer_service", "Cass");
    const csrf = await agent.csrfToken();
    expect((await agent.request("/admin/deals/new")).status).toBe(403);
    expect((await agent.request(`/admin/deals/${deal.id}/edit`)).status).toBe(403);
    expect((await agent.request(`/admin/deals/${deal.id}/edit`, { method: "POST", form: { _csrf: csrf, ...londonDeal() } })).status).toBe(403);
    expect((await agent.request(`/admin/deals/${deal.id}`, { method: "POST", form: { _csrf: csrf, intent: "clone" } })).status).toBe(403);
    const agentPage = pageText(await pageHtml(await agent.request(`/admin/deals/${deal.id}`)));
    expect(agentPage).not.toContain("Edit the deal");
    expect(agentPage).not.toContain("Clone");

    const editor = await signedInAs("editor", "Edna");
    expect((await editor.request("/admin/deals/new")).status).toBe(403);
    expect((await editor.request(`/admin/deals/${deal.id}`, { method: "POST", form: { _csrf: await editor.csrfToken(), intent: "clone" } })).status).toBe(403);
    expect(pageText(await pageHtml(await editor.request(`/admin/deals/${deal.id}`)))).toContain("Edit the deal and its options");
  });
});
