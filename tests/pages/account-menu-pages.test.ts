/**
 * Every account-menu entry opens a working page on all four brands, for a signed-in customer of
 * that brand: the menu never leads to "Page not found". The membership pages (subscriptions, My
 * Rewards, Club, refer a friend) also answer on the brands whose menus leave them out
 * (docs/decisions/accounts-menu-per-brand.md), so a shared link never ends on a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND_IDS, BRANDS } from "../../lib/brand";
import { accountMenu } from "../../modules/accounts/account-menu";
import { insertCustomer, signInAs } from "../support/buying-fixtures";
import { ManualClock } from "../support/manual-clock";
import { openShopPages, type PageApp, pageHtml, pageText } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";

/** The entries these features own, with a heading their page shows. */
const OWNED: Record<string, string> = {
  "/myaccount/vouchers": "My Vouchers",
  "/myaccount/wallet": "My Wallet",
  "/giftcard/redeem": "Redeem Gift Card",
  "/mygift": "Claim a Gift",
};

/** The membership pages (VIP, Club, referrals), with their heading. */
const MEMBERSHIP: Record<string, string> = {
  "/myaccount/subscriptions": "My Subscriptions",
  "/myaccount/vip-rewards": "My Rewards",
  "/myaccount/rewards": "Club",
  "/myaccount/refer-a-friend": "Refer a Friend",
};

/** Which membership entries each brand's menu (for a VIP) lists: the LivingSocial brands only subscriptions, wowcherie all but the Club. */
const MEMBERSHIP_MENU: Record<string, string[]> = {
  wowcher: ["/myaccount/refer-a-friend", "/myaccount/rewards", "/myaccount/subscriptions", "/myaccount/vip-rewards"],
  wowcherie: ["/myaccount/refer-a-friend", "/myaccount/subscriptions", "/myaccount/vip-rewards"],
  livingsocial: ["/myaccount/subscriptions"],
  livingsocialie: ["/myaccount/subscriptions"],
};

let database: TestDatabase;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");

beforeAll(async () => {
  ({ database, app, close } = await openShopPages(clock, { dublinSouthId: 275860 }));
}, 120_000);
afterAll(() => close?.());

describe.each(BRAND_IDS)("the account menu on %s", (brand) => {
  it("opens a working page for every entry the after-sale, wallet and gift features own", async () => {
    const customer = await insertCustomer(database.db, { brand });
    const browser = new TestBrowser(app, { host: BRANDS[brand].hosts[0], ip: `198.51.100.${10 + BRAND_IDS.indexOf(brand)}` });
    await signInAs(browser, database.db, customer, clock);
    const owned = accountMenu(brand, false).filter((entry) => entry.href in OWNED);
    expect(owned.map((entry) => entry.href).sort()).toEqual(Object.keys(OWNED).sort());
    for (const entry of owned) {
      const response = await browser.request(entry.href);
      expect({ href: entry.href, status: response.status }).toEqual({ href: entry.href, status: 200 });
      expect(pageText(await pageHtml(response))).toContain(OWNED[entry.href]);
    }
  });

  it("lists its membership entries (My Rewards only for VIPs) and every membership page works", async () => {
    const customer = await insertCustomer(database.db, { brand });
    const browser = new TestBrowser(app, { host: BRANDS[brand].hosts[0], ip: `198.51.100.${30 + BRAND_IDS.indexOf(brand)}` });
    await signInAs(browser, database.db, customer, clock);
    const listed = (vip: boolean) => accountMenu(brand, vip).map((entry) => entry.href).filter((href) => href in MEMBERSHIP).sort();
    expect(listed(true)).toEqual(MEMBERSHIP_MENU[brand]);
    expect(listed(false)).toEqual(MEMBERSHIP_MENU[brand].filter((href) => href !== "/myaccount/vip-rewards"));
    for (const [href, heading] of Object.entries(MEMBERSHIP)) {
      const response = await browser.request(href);
      expect({ href, status: response.status }).toEqual({ href, status: 200 });
      expect(pageText(await pageHtml(response))).toContain(heading);
    }
  });
});
