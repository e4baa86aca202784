/**
 * The VIP pages as a browser without JavaScript sees them: the VIP hub (exclusives, early access,
 * joining), the VIP theme from `?site=`, Join VIP, My Rewards, and the VIP cash-refund form reached
 * from its emailed link.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../modules/accounts/schema";
import { locations } from "../../modules/catalog/schema";
import { basketLines, baskets } from "../../modules/basket/schema";
import { orderLines, orders } from "../../modules/orders/schema";
import { inviteVipRefund } from "../../modules/vip-rewards/invite-refund";
import { vipCharges, vipMemberships } from "../../modules/vip/schema";
import { VIP_MAX_EXTRA_DISCOUNT_PERCENT, vipAddonTerms } from "../../modules/vip/vip-terms";
import { vipRefundRequests } from "../../modules/vip-rewards/schema";
import { insertCustomer, insertSellable, signInAs } from "../support/buying-fixtures";
import { insertCatalogBasics, insertMoreCategories } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type PageApp, pageHtml as html, pageText, startPageApp } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { insertVipYear } from "../support/vip-fixtures";

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-23T12:00:00Z");
let ip = 0;
let exclusiveName: string;
let earlyHeadline: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  const more = await insertMoreCategories(database.db, basics);
  // livingsocial.ie's default location.
  await database.db.insert(locations).values({ id: 276602, name: "Dublin South", shortName: "dublin-south", countryCode: "IE", lat: 53.29, lon: -6.25 });
  const shop = { dealType: "national" as const, locationId: null, categoryId: more.electricals.id, subCategoryId: more.audio.id, vipDiscountAllowed: true, vipPrice: 1700 };
  const { deal: exclusiveDeal, product } = await insertSellable(database.db, basics, {
    deal: { ...shop, headline: "Noise-cancelling headphones" },
    product: { friendlyName: "VIP Exclusive: Studio edition", vipExclusive: true, price: 2999, vipPrice: 2499 },
  });
  exclusiveName = product.friendlyName;
  const early = await insertSellable(database.db, basics, {
    deal: { ...shop, headline: "Smart speaker bundle", vipEarlyAccessUntil: new Date("2026-11-25T09:00:00Z") },
  });
  earlyHeadline = early.deal.headline;
  expect(exclusiveDeal.id).toBeGreaterThan(0);
  ({ app, close } = await startPageApp(database, clock));
}, 120_000);

afterAll(async () => {
  await close?.();
  await database?.dispose();
});

function visitor() {
  ip += 1;
  return new TestBrowser(app, { ip: `198.51.100.${ip}` });
}

async function signedIn(options: { vipUntil?: Date } = {}) {
  const browser = visitor();
  const customer = await insertCustomer(database.db, { vip: options.vipUntil !== undefined });
  if (options.vipUntil) await database.db.update(customers).set({ vipExpiresAt: options.vipUntil }).where(eq(customers.id, customer.id));
  await signInAs(browser, database.db, customer, clock);
  return { browser, customer };
}

describe("the VIP hub (/deals/vip)", () => {
  it("shows a guest what VIP unlocks, its price and renewal terms, the early access and VIP-only options, in the VIP theme", async () => {
    const page = await html(await visitor().request("/deals/vip"));
    const text = pageText(page).replaceAll("&quot;", '"');
    expect(text).toContain("What VIP unlocks");
    // Renewal is the shopper's unticked choice at checkout: the hub says so, never "renews automatically".
    expect(text).toContain(vipAddonTerms("GBP"));
    expect(text).not.toMatch(/renews automatically/i);
    expect(text).toContain(`VIP prices: up to an extra ${VIP_MAX_EXTRA_DISCOUNT_PERCENT}% off`);
    expect(page).toMatch(/href="\/vip\/join"[^>]*>Join VIP</);
    expect(text).toContain("Early access for VIP members");
    expect(text).toContain(earlyHeadline);
    expect(text).toContain("VIP early access until Wed 25 Nov, 09:00");
    expect(text).toContain(`VIP only ${exclusiveName} : £24.99 VIP price £29.99`);
    expect(page).toContain('class="theme-vip"');
    expect(page).not.toMatch(/ checked=""/);
  });

  it("shows a member their membership instead of the invitation to join", async () => {
    const { browser } = await signedIn({ vipUntil: new Date("2027-06-01T00:00:00Z") });
    const text = pageText(await html(await browser.request("/deals/vip")));
    expect(text).toContain("VIP prices, VIP-only options and early access below are yours.");
    expect(text).toContain("See your savings in My Rewards");
    expect(text).not.toContain("What VIP unlocks");
  });

  it("puts the whole shell in the VIP theme when the site lookup says vip, and only then", async () => {
    expect(await html(await visitor().request("/deals/london?site=vip"))).toMatch(/<html[^>]* data-site="vip"/);
    expect(await html(await visitor().request("/deals/london?site=london"))).not.toContain("data-site=");
    expect(await html(await visitor().request("/deals/london?site=%3Cscript%3E"))).not.toContain("data-site=");
    const browser = visitor();
    expect(await browser.api("GET", "/v1/location/site/vip")).toMatchObject({ status: 200, body: { site: "vip", vip: true, location: null } });
    expect(await browser.api("GET", "/v1/location/site/london")).toMatchObject({ status: 200, body: { vip: false, location: { shortName: "london" } } });
    expect(await browser.api("GET", "/v1/location/site/atlantis")).toMatchObject({ status: 404, body: { error: { code: "SITE_NOT_FOUND" } } });
  });
});

describe("Join VIP (/vip/join)", () => {
  it("repeats the terms, and the one button puts the VIP year in the basket and goes to checkout", async () => {
    const browser = visitor();
    const page = pageText(await html(await browser.request("/vip/join"))).replaceAll("&quot;", '"');
    expect(page).toContain(vipAddonTerms("GBP"));
    expect(page).not.toMatch(/renews automatically/i);
    expect(page).toContain("Add VIP membership to my basket");
    const joined = await browser.request("/vip/join", { method: "POST", form: {} });
    expect(joined.status).toBe(302);
    const token = /\/checkout\/([\w-]+)$/.exec(joined.headers.get("location") ?? "")?.[1];
    expect(token).toBeTruthy();
    const [basket] = await database.db.select().from(baskets).where(eq(baskets.token, token!));
    const lines = await database.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
    expect(lines).toMatchObject([{ kind: "addon", addonType: "VVE", reservedPrice: 499 }]);
  });
});

describe("My Rewards (/myaccount/vip-rewards)", () => {
  it("tells a customer who is not VIP how to join, rather than 'Page not found'", async () => {
    const { browser } = await signedIn();
    const response = await browser.request("/myaccount/vip-rewards");
    expect(response.status).toBe(200);
    const text = pageText(await html(response));
    expect(text).toContain("My Rewards is for VIP members.");
    expect(text.replaceAll("&quot;", '"')).toContain(vipAddonTerms("GBP"));
    expect(text).not.toMatch(/renews automatically/i);
    expect(text).toContain("Join VIP");
    expect(text).not.toContain("Your VIP savings so far");
  });

  it("shows a member their savings so far, their membership dates and the exclusive deals, on every brand", async () => {
    const { browser, customer } = await signedIn({ vipUntil: new Date("2027-09-01T00:00:00Z") });
    const [order] = await database.db
      .insert(orders)
      .values({
        brand: "wowcher",
        currency: "GBP",
        customerId: customer.id,
        basketId: 9_000_000 + customer.id,
        email: customer.email,
        subtotal: 4998,
        postage: 0,
        discount: 0,
        walletRefundableUsed: 0,
        walletMarketingUsed: 0,
        total: 4998,
        quantity: 2,
        paymentMethod: "card",
        createdAt: new Date("2026-10-01T10:00:00Z"),
      })
      .returning();
    await database.db.insert(orderLines).values({
      orderId: order.id,
      customerId: customer.id,
      kind: "deal",
      title: "Headphones",
      quantity: 2,
      unitPrice: 2499,
      originalUnitPrice: 5999,
      postage: 0,
      lineTotal: 4998,
      vipSaving: 1000,
      createdAt: order.createdAt,
    });
    await insertVipYear(database.db, { customerId: customer.id, start: new Date("2026-09-01T00:00:00Z"), memberSince: new Date("2025-09-01T00:00:00Z"), autoRenew: true });
    const text = pageText(await html(await browser.request("/myaccount/vip-rewards")));
    expect(text).toContain("Your VIP savings so far £10.00 Across 1 order.");
    expect(text).toContain("Member since 1 September 2025");
    expect(text).toContain("Current period ends 1 September 2027");
    expect(text).toContain("Renews on 1 September 2027 at £4.99; we email you before.");
    expect(text).toContain(exclusiveName);
    expect(text).toContain(earlyHeadline);

    const irish = new TestBrowser(app, { ip: "198.51.100.250", host: "wowcher.ie" });
    const member = await insertCustomer(database.db, { vip: true, brand: "wowcherie" });
    await signInAs(irish, database.db, member, clock);
    const irishText = pageText(await html(await irish.request("/myaccount/vip-rewards")));
    expect(irishText).toContain("Your VIP savings so far €0.00");
    for (const host of ["livingsocial.co.uk", "livingsocial.ie"]) {
      const other = new TestBrowser(app, { ip: "198.51.100.251", host });
      const someone = await insertCustomer(database.db, { brand: host.endsWith(".ie") ? "livingsocialie" : "livingsocial" });
      await signInAs(other, database.db, someone, clock);
      const response = await other.request("/myaccount/vip-rewards");
      expect(response.status).toBe(200);
      expect(pageText(await html(response))).toContain("My Rewards is for VIP members.");
    }
  });
});

describe("the VIP cash-refund form (/vip-refund?token=…)", () => {
  async function invitedFormerVip() {
    const customer = await insertCustomer(database.db);
    const [membership] = await database.db
      .insert(vipMemberships)
      .values({ customerId: customer.id, brand: "wowcher", currency: "GBP", status: "ELIGIBLE", renewalPrice: 499, createdAt: new Date("2026-01-01T00:00:00Z"), updatedAt: new Date("2026-01-01T00:00:00Z") })
      .returning();
    await database.db.insert(vipCharges).values({
      membershipId: membership.id,
      customerId: customer.id,
      periodStart: new Date("2026-01-01T00:00:00Z"),
      periodEnd: new Date("2027-01-01T00:00:00Z"),
      amount: 499,
      currency: "GBP",
      status: "paid",
      idempotencyKey: `pages-${membership.id}`,
      authorizationId: `pages-auth-${membership.id}`,
      createdAt: new Date("2026-01-01T00:00:00Z"),
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    });
    const invitation = await inviteVipRefund(database.db, clock, { customerId: customer.id, actor: { type: "staff", id: "test" }, linkOrigin: () => "https://www.wowcher.co.uk" });
    return { ...invitation, path: new URL(invitation.url).pathname + new URL(invitation.url).search, token: new URL(invitation.url).searchParams.get("token")! };
  }

  it("offers the three choices with none chosen, asks for one, then says the spec's success text", async () => {
    const { path, token, requestId } = await invitedFormerVip();
    const browser = visitor();
    const page = await html(await browser.request(path));
    const text = pageText(page);
    expect(text).toContain("You paid £4.99 for VIP.");
    for (const choice of ["A cash refund of £4.99", "£5.99 of wallet credit (an extra 20%)", "Keep my payment and stay VIP"]) expect(text).toContain(choice);
    expect(page).not.toMatch(/ checked=""/);
    expect(page).toContain('<meta name="referrer" content="same-origin"/>');

    const empty = await browser.request(path, { method: "POST", form: { token } });
    expect(empty.status).toBe(400);
    const problems = pageText(await html(empty));
    expect(problems).toContain("There is a problem");
    expect(problems).toContain("Choose what you would like us to do");

    const sent = await browser.request(path, { method: "POST", form: { token, choice: "extra_credit" } });
    expect(sent.status).toBe(200);
    expect(pageText(await html(sent))).toContain("VIP refund form submitted (cash refund within 7 days if eligible; extra credit applied within 3 working days)");
    const [row] = await database.db.select().from(vipRefundRequests).where(eq(vipRefundRequests.id, requestId));
    expect(row).toMatchObject({ status: "REQUESTED", choice: "extra_credit" });
    expect(pageText(await html(await browser.request(path)))).toContain("We have your answer and are dealing with it.");
  });

  it("counts links that name nothing as guesses and stops looking them up after 20 an hour", async () => {
    const browser = visitor();
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await browser.request(`/vip-refund?token=${"A".repeat(40)}${attempt}`);
      expect(response.status).toBe(404);
    }
    const { path } = await invitedFormerVip();
    const limited = await browser.request(path);
    expect(limited.status).toBe(429);
    expect(pageText(await html(limited))).toContain("Too many unrecognised VIP refund links.");
    expect((await visitor().request(path)).status).toBe(200);
  });

  it("says an expired link has expired", async () => {
    const { path } = await invitedFormerVip();
    clock.advance(366 * 86_400_000);
    try {
      const response = await visitor().request(path);
      expect(response.status).toBe(410);
      expect(pageText(await html(response))).toContain("This VIP refund link has expired.");
    } finally {
      clock.advance(-366 * 86_400_000);
    }
  });
});
