/**
 * The portal's "Orders to dispatch" and "Returns" pages on real server-rendered pages: a parcel
 * dispatched with courier and tracking, then delivered; a returned parcel confirmed by its label's
 * reference; another merchant's parcel or return refused as not found, changing nothing; forms
 * without the CSRF token refused.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { type ViteDevServer, createServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config";
import { deliverShipment } from "../../modules/delivery/deliver-shipment";
import { dispatchShipment } from "../../modules/delivery/dispatch-shipment";
import { shipments } from "../../modules/delivery/schema";
import { outboxMessages } from "../../modules/mail/schema";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { inviteMerchantUser } from "../../modules/merchants/invite-merchant-user";
import { returnOrders } from "../../modules/returns/schema";
import { startReturn } from "../../modules/returns/start-return";
import { vouchers } from "../../modules/vouchers/schema";
import { insertCustomer } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { buyDeal, insertMerchant } from "../../tests/support/delivery-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { createApp } from "../app";
import { GUESS_LIMITS } from "../security/rate-limits";

let database: TestDatabase;
let vite: ViteDevServer;
let app: ReturnType<typeof createApp>;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let otherMerchantId: number;
// A Saturday: the parcels are promised for the Friday after.
const clock = new ManualClock("2026-11-21T12:00:00Z");
const PASSWORD = "parcel tape roll";
const ORIGIN = "https://www.wowcher.co.uk";
let ip = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  otherMerchantId = (await insertMerchant(database.db)).id;
  const invitation = await inviteMerchantUser(database.db, clock, { merchantId: basics.merchant.id, email: "dispatch@example.com", name: "Dot", brand: "wowcher", linkOrigin: ORIGIN });
  await acceptInvitation(database.db, clock, { token: decodeURIComponent(invitation.url.split("/invitation/")[1]), password: PASSWORD });
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "error" });
  const ssr = vite.environments.ssr as unknown as { runner: { import(id: string): Promise<unknown> } };
  const build = (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
  app = createApp(
    { database, clock, config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "on", PUBLIC_ORIGIN_WOWCHER: ORIGIN }), logger: pino({ level: "silent" }) },
    { build, clientDir: "public" },
  );
}, 120_000);

afterAll(async () => {
  await vite?.close();
  await database?.dispose();
});

async function signedInMerchant() {
  ip += 1;
  const portal = new TestBrowser(app, { ip: `203.0.113.${ip}` });
  const response = await portal.request("/merchant/login", { method: "POST", form: { _csrf: await portal.csrfToken(), email: "dispatch@example.com", password: PASSWORD } });
  expect(response.status).toBe(302);
  portal.refreshCsrf();
  return portal;
}

async function post(portal: TestBrowser, path: string, form: Record<string, string>, options: { csrf?: boolean } = {}) {
  const response = await portal.request(path, { method: "POST", form: options.csrf === false ? form : { _csrf: await portal.csrfToken(), ...form }, csrf: options.csrf });
  return { status: response.status, html: await response.text() };
}

async function shipmentOf(voucherId: number) {
  const [row] = await database.db.select().from(shipments).where(eq(shipments.voucherId, voucherId));
  return row;
}

/** Text as React renders it into HTML (apostrophes escaped, text nodes split by comments). */
const html = (text: string) => text.replaceAll("'", "&#x27;");

describe("Orders to dispatch", () => {
  it("lists the merchant's parcels to post with where they go, dispatches one with tracking, then marks it delivered", async () => {
    const shopper = await insertCustomer(database.db);
    const { order, vouchers: [voucher] } = await buyDeal(database.db, clock, basics, shopper);
    const portal = await signedInMerchant();

    const page = await (await portal.request("/merchant/dispatch")).text();
    expect(page).toContain("Orders to dispatch");
    expect(page).toContain(`Order <!-- -->${order.id}`);
    expect(page).toContain("Ada Lovelace");
    expect(page).toContain("1 Main Street");
    expect(page).toContain("SW1A 1AA");
    expect(page).toContain("Friday, 27 November 2026");
    expect(page).not.toContain(shopper.email);

    const missing = await post(portal, "/merchant/dispatch", { intent: "dispatch", voucherId: String(voucher.id), courier: "", trackingNumber: "" });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("There is a problem");
    expect(missing.html).toContain(`href="#courier-${voucher.id}"`);
    expect(missing.html).toContain("Please choose the courier from the list.");
    expect(missing.html).toContain(`href="#tracking-${voucher.id}"`);
    expect((await shipmentOf(voucher.id)).status).toBe("PROCESSING");

    const dispatched = await post(portal, "/merchant/dispatch", { intent: "dispatch", voucherId: String(voucher.id), courier: "ROYAL_MAIL", trackingNumber: "ab 123 456 789 gb" });
    expect(dispatched.status).toBe(200);
    expect(dispatched.html).toContain(html("Dispatched with Royal Mail, tracking number AB123456789GB. We've emailed the shopper."));
    expect(await shipmentOf(voucher.id)).toMatchObject({ status: "DISPATCHED", courier: "ROYAL_MAIL", trackingNumber: "AB123456789GB" });
    const [mail] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, shopper.email)).orderBy(outboxMessages.id);
    expect(mail.text).toContain(`${ORIGIN}/`);

    const listed = await (await portal.request("/merchant/dispatch?status=dispatched")).text();
    expect(listed).toContain("AB123456789GB");
    expect(listed).toContain("Mark as delivered");

    const delivered = await post(portal, "/merchant/dispatch?status=dispatched", { intent: "deliver", voucherId: String(voucher.id) });
    expect(delivered.html).toContain("Marked as delivered. The voucher now shows as Redeemed.");
    expect((await shipmentOf(voucher.id)).status).toBe("DELIVERED");
    const [redeemed] = await database.db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(redeemed.status).toBe("REDEEMED");
  });

  it("answers another merchant's parcel as not found and changes nothing", async () => {
    const shopper = await insertCustomer(database.db);
    const { order, vouchers: [theirs] } = await buyDeal(database.db, clock, basics, shopper, { merchantId: otherMerchantId });
    const portal = await signedInMerchant();
    expect(await (await portal.request("/merchant/dispatch")).text()).not.toContain(`Order <!-- -->${order.id}`);
    for (const form of <Record<string, string>[]>[
      { intent: "dispatch", voucherId: String(theirs.id), courier: "DPD", trackingNumber: "1550123456" },
      { intent: "deliver", voucherId: String(theirs.id) },
    ]) {
      const refused = await post(portal, "/merchant/dispatch", form);
      expect(refused.status).toBe(404);
      expect(refused.html).toContain(html("We couldn't find that order. Please check the voucher and try again."));
    }
    expect(await shipmentOf(theirs.id)).toMatchObject({ status: "PROCESSING", courier: null });
  });

  it("refuses a form without the CSRF token", async () => {
    const shopper = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, shopper);
    const portal = await signedInMerchant();
    const refused = await post(portal, "/merchant/dispatch", { intent: "deliver", voucherId: String(voucher.id) }, { csrf: false });
    expect(refused.status).toBe(403);
    expect((await shipmentOf(voucher.id)).status).toBe("PROCESSING");
  });
});

describe("Returns", () => {
  const actor = (merchantId: number) => ({ merchantId, merchantUserId: 1 });

  /** A delivered item of the merchant's, with a return started by the shopper. */
  async function returnStarted(merchantId: number) {
    const shopper = await insertCustomer(database.db);
    const { vouchers: [voucher] } = await buyDeal(database.db, clock, basics, shopper, { merchantId });
    const delivery = { db: database.db, clock, linkOrigin: () => ORIGIN };
    await dispatchShipment(delivery, { ...actor(merchantId), voucherId: voucher.id, courier: "EVRI", trackingNumber: "H01234567890" });
    await deliverShipment(delivery, { ...actor(merchantId), voucherId: voucher.id });
    const started = await startReturn({ db: database.db, clock }, { customerId: shopper.id, voucherId: voucher.id, reason: "FAULTY", linkOrigin: ORIGIN });
    return { voucher, reference: started.reference };
  }

  it("lists the open returns and confirms receipt by the label's reference, once", async () => {
    const { voucher, reference } = await returnStarted(basics.merchant.id);
    const portal = await signedInMerchant();
    const page = await (await portal.request("/merchant/returns")).text();
    expect(page).toContain(reference);
    expect(page).toContain("The item is faulty or damaged");
    expect(page).toContain("Return Requested");

    const empty = await post(portal, "/merchant/returns", { reference: "  " });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('href="#return-reference"');

    const received = await post(portal, "/merchant/returns", { reference: reference.toLowerCase() });
    expect(received.status).toBe(200);
    expect(received.html).toContain(html("Returned to the Merchant; the shopper's refund is on its way."));
    const [row] = await database.db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row.status).toBe("RETURNED_TO_MERCHANT");
    expect(await (await portal.request("/merchant/returns")).text()).toContain("Returned to the Merchant");
    // Confirming again changes nothing and says the same.
    expect((await post(portal, "/merchant/returns", { reference })).status).toBe(200);
  });

  it("answers another merchant's reference as not found and changes nothing; refuses a form without the CSRF token", async () => {
    const theirs = await returnStarted(otherMerchantId);
    const ours = await returnStarted(basics.merchant.id);
    const portal = await signedInMerchant();
    expect(await (await portal.request("/merchant/returns")).text()).not.toContain(theirs.reference);
    const refused = await post(portal, "/merchant/returns", { reference: theirs.reference });
    expect(refused.status).toBe(404);
    expect(refused.html).toContain(html("Sorry, we couldn't find that return."));
    expect((await post(portal, "/merchant/returns", { reference: ours.reference }, { csrf: false })).status).toBe(403);
    const rows = await database.db.select({ receivedAt: returnOrders.receivedAt }).from(returnOrders).where(eq(returnOrders.reference, theirs.reference));
    const oursRow = await database.db.select({ receivedAt: returnOrders.receivedAt }).from(returnOrders).where(eq(returnOrders.reference, ours.reference));
    expect([rows[0].receivedAt, oursRow[0].receivedAt]).toEqual([null, null]);
  });

  it("stops taking references after too many unrecognised ones, even a right one", async () => {
    const { reference } = await returnStarted(basics.merchant.id);
    const portal = await signedInMerchant();
    // The merchant user's earlier tests used up one or two guesses of the window already.
    const { limit } = GUESS_LIMITS.returnReference.perAccount;
    let wrong = 0;
    while ((await post(portal, "/merchant/returns", { reference: `RTN-0000-0000-${String(wrong).padStart(4, "0")}` })).status === 404) wrong += 1;
    expect(wrong).toBeGreaterThan(limit - 3);
    expect(wrong).toBeLessThanOrEqual(limit);
    const limited = await post(portal, "/merchant/returns", { reference });
    expect(limited.status).toBe(429);
    expect(limited.html).toContain(html(GUESS_LIMITS.returnReference.message));
  });
});
