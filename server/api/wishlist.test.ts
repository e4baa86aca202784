import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCatalogBasics, insertDeal } from "../../tests/support/catalog-fixtures";
import { ManualClock } from "../../tests/support/manual-clock";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";

let database: TestDatabase;
let app: ReturnType<typeof createTestBrowserApp>;
const clock = new ManualClock("2026-03-02T10:00:00Z");
const dealIds: number[] = [];
let irishDealId = 0;
let ipCounter = 0;

interface Wishlist {
  id: string | null;
  customerToken: string | null;
  deals: { id: number; headline: string }[];
  total: number;
}

function newBrowser() {
  ipCounter += 1;
  return new TestBrowser(app, { ip: `198.51.100.${ipCounter}` });
}

async function customer(email: string, browser = newBrowser()) {
  await browser.api("POST", "/v1/register", { firstName: "Ann", lastName: "Smith", email, password: "correct horse" });
  return browser;
}

async function add(browser: TestBrowser, dealId: number) {
  clock.advance(1000);
  return browser.api<Wishlist>("POST", `/v1/wishlist/deal/${dealId}`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  for (let i = 0; i < 55; i++) dealIds.push((await insertDeal(database.db, basics, { headline: `Deal ${i}` })).id);
  irishDealId = (await insertDeal(database.db, basics, { countryCode: "IE", currency: "EUR", locationId: 275859 })).id;
  app = createTestBrowserApp(database, clock);
});

afterAll(() => database.dispose());

describe("wish list", () => {
  it("is created on the first add and remembered in a 7-day cookie for a guest", async () => {
    const guest = newBrowser();
    expect((await guest.api<Wishlist>("GET", "/v1/wishlist")).body).toEqual({ id: null, customerToken: null, deals: [], total: 0 });
    const added = await add(guest, dealIds[0]);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ total: 1, deals: [{ id: dealIds[0], headline: "Deal 0" }] });
    expect(added.headers.getSetCookie().find((c) => c.startsWith("wishlist_id="))).toMatch(/Max-Age=604800/);
    expect(guest.cookies.get("wishlist_id")).toBe(added.body.id);
    await add(guest, dealIds[1]);
    await add(guest, dealIds[0]);
    const list = (await guest.api<Wishlist>("GET", "/v1/wishlist")).body;
    expect(list.deals.map((d) => d.id)).toEqual([dealIds[1], dealIds[0]]);
    expect((await guest.api("GET", "/v1/wishlist/deal-ids")).body).toEqual({ wishlistId: list.id, dealIds: expect.arrayContaining([dealIds[0], dealIds[1]]) });
  });

  it("says 'Deals missing' for an add without deals, and refuses unknown or foreign deals", async () => {
    const guest = newBrowser();
    expect((await guest.api("POST", "/v1/wishlist", { deals: [] })).body).toEqual({ error: { code: "DEALS_MISSING", message: "Deals missing" } });
    expect((await guest.api("POST", "/v1/wishlist", {})).status).toBe(400);
    expect((await guest.api("POST", "/v1/wishlist/deal/99999999")).status).toBe(404);
    expect((await guest.api("POST", `/v1/wishlist/deal/${irishDealId}`)).status).toBe(404);
    const created = await guest.api<Wishlist>("POST", "/v1/wishlist", { deals: [dealIds[2], dealIds[3]] });
    expect(created.body.total).toBe(2);
  });

  it("removes one deal or all of them", async () => {
    const guest = newBrowser();
    const { body } = await guest.api<Wishlist>("POST", "/v1/wishlist", { deals: [dealIds[4], dealIds[5], dealIds[6]] });
    const after = await guest.api<Wishlist>("DELETE", `/v1/wishlist/${body.id}/deal/${dealIds[5]}`);
    expect(after.body.deals.map((d) => d.id).sort()).toEqual([dealIds[4], dealIds[6]].sort());
    const emptied = await guest.api<Wishlist>("DELETE", `/v1/wishlist/${body.id}/deal/all`);
    expect(emptied.body).toMatchObject({ id: body.id, total: 0, deals: [] });
  });

  it("returns 50 deals a page", async () => {
    const browser = await customer("collector@example.com");
    const { body } = await browser.api<Wishlist & { customerToken: string }>("POST", "/v1/wishlist", { deals: dealIds });
    expect(body.total).toBe(55);
    expect(body.deals).toHaveLength(50);
    const second = await browser.api<Wishlist>("GET", `/v1/wishlist?customerToken=${body.customerToken}&page=1`);
    expect(second.body.deals).toHaveLength(5);
  });

  it("merges a guest's list into the customer's at login", async () => {
    const owner = await customer("merge@example.com");
    await add(owner, dealIds[10]);
    await owner.api("POST", "/v1/logout");

    const browser = newBrowser();
    await add(browser, dealIds[11]);
    await add(browser, dealIds[10]);
    const guestListId = browser.cookies.get("wishlist_id");
    const login = await browser.api<{ customerToken: string }>("POST", "/v1/login", { loginRequest: { j_username: "merge@example.com", j_password: "correct horse" } });
    expect(login.status).toBe(200);
    expect(browser.cookies.has("wishlist_id")).toBe(false);
    const list = (await browser.api<Wishlist>("GET", `/v1/wishlist?customerToken=${login.body.customerToken}`)).body;
    expect(list.customerToken).toBe(login.body.customerToken);
    expect(list.deals.map((d) => d.id).sort()).toEqual([dealIds[10], dealIds[11]].sort());
    // The guest list is gone.
    expect((await browser.api("GET", `/v1/wishlist/${guestListId}`)).status).toBe(404);
  });

  it("merges with PATCH op merge when the guest signs in elsewhere first", async () => {
    const browser = newBrowser();
    await add(browser, dealIds[20]);
    const guestListId = browser.cookies.get("wishlist_id")!;
    // A customer signed in through another route (the cookie was not there), then merges explicitly.
    const signedIn = await customer("patch@example.com");
    signedIn.cookies.set("wishlist_id", guestListId);
    const me = (await signedIn.api<{ customerToken: string }>("GET", "/v1/user/session")).body;
    expect((await signedIn.api("PATCH", `/v1/wishlist/${guestListId}`, [{ op: "replace", path: "/deals", value: [] }])).status).toBe(400);
    expect((await signedIn.api("PATCH", `/v1/wishlist/${guestListId}`, [{ op: "merge", path: "/customerToken", value: "someone-else" }])).status).toBe(404);
    const merged = await signedIn.api<Wishlist>("PATCH", `/v1/wishlist/${guestListId}`, [{ op: "merge", path: "/customerToken", value: me.customerToken }]);
    expect(merged.status).toBe(200);
    expect(merged.body.deals.map((d) => d.id)).toEqual([dealIds[20]]);
  });
});

describe("isolation between shoppers", () => {
  it("never shows or changes another customer's list: always 404", async () => {
    const alice = await customer("alice@example.com");
    const { body: aliceList } = await add(alice, dealIds[30]);
    const aliceToken = ((await alice.api<{ customerToken: string }>("GET", "/v1/user/session")).body).customerToken;
    const bob = await customer("bob@example.com");

    expect((await bob.api("GET", `/v1/wishlist/${aliceList.id}`)).status).toBe(404);
    expect((await bob.api("GET", `/v1/wishlist?customerToken=${aliceToken}`)).status).toBe(404);
    expect((await bob.api("POST", `/v1/wishlist/${aliceList.id}/deal/${dealIds[31]}`)).status).toBe(404);
    expect((await bob.api("DELETE", `/v1/wishlist/${aliceList.id}/deal/all`)).status).toBe(404);
    expect((await bob.api("PATCH", `/v1/wishlist/${aliceList.id}`, [{ op: "merge", path: "/customerToken", value: aliceToken }])).status).toBe(404);
    const guest = newBrowser();
    expect((await guest.api("GET", `/v1/wishlist/${aliceList.id}`)).status).toBe(404);

    const unchanged = (await alice.api<Wishlist>("GET", "/v1/wishlist")).body;
    expect(unchanged.deals.map((d) => d.id)).toEqual([dealIds[30]]);
    // Bob's own list is his alone.
    expect((await bob.api<Wishlist>("GET", "/v1/wishlist")).body).toMatchObject({ id: null, total: 0 });
  });

  it("does not let one guest read another guest's list by id", async () => {
    const first = newBrowser();
    const { body } = await add(first, dealIds[40]);
    const second = newBrowser();
    expect((await second.api("GET", `/v1/wishlist/${body.id}`)).status).toBe(404);
    expect((await second.api("DELETE", `/v1/wishlist/${body.id}/deal/${dealIds[40]}`)).status).toBe(404);
  });

  it("deletes the list with the account", async () => {
    const browser = await customer("gone@example.com");
    await add(browser, dealIds[41]);
    await browser.api("POST", "/v1/user/anonymize");
    const again = await customer("gone@example.com");
    expect((await again.api<Wishlist>("GET", "/v1/wishlist")).body.total).toBe(0);
  });
});
