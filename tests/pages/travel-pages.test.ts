/**
 * Travel on real server-rendered pages, as a browser without JavaScript uses them: the checkout's
 * passenger step, choosing dates on a booking-calendar-on-redemption voucher, and the merchant's
 * answer on the portal, with the voucher's timeline after it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBasket } from "../../modules/basket/create-basket";
import { acceptInvitation } from "../../modules/merchants/accept-invitation";
import { inviteMerchantUser } from "../../modules/merchants/invite-merchant-user";
import { placeOrder } from "../../modules/orders/place-order";
import { tokenizeCard } from "../../modules/payments/sandbox/tokenize";
import { vouchers } from "../../modules/vouchers/schema";
import { actorAt, insertCustomer, placementServices, signInAs, TEST_DETAILS } from "../support/buying-fixtures";
import { insertCatalogBasics } from "../support/catalog-fixtures";
import { ManualClock } from "../support/manual-clock";
import { openShopPages, type PageApp, pageHtml as html, pageText } from "../support/page-app";
import { TestBrowser } from "../support/test-browser";
import { type TestDatabase } from "../support/test-db";
import { insertTravelStay } from "../support/travel-fixtures";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
let app: PageApp;
let close: () => Promise<void>;
const clock = new ManualClock("2026-11-21T12:00:00Z");
const PASSWORD = "front desk bell";
let ip = 0;

beforeAll(async () => {
  ({ database, app, close, basics } = await openShopPages(clock));
  const invitation = await inviteMerchantUser(database.db, clock, { merchantId: basics.merchant.id, email: "desk@example.com", name: "Desk", brand: "wowcher", linkOrigin: "https://www.wowcher.co.uk" });
  await acceptInvitation(database.db, clock, { token: decodeURIComponent(invitation.url.split("/invitation/")[1]), password: PASSWORD });
}, 120_000);

afterAll(() => close?.());

function browser() {
  ip += 1;
  return new TestBrowser(app, { ip: `198.51.100.${ip}` });
}

async function signedInShopper() {
  const customer = await insertCustomer(database.db);
  const shopper = browser();
  await signInAs(shopper, database.db, customer, clock);
  return { customer, shopper };
}

describe("the checkout's passenger step", () => {
  it("asks for each passenger, shows each problem by its field, and then lets the order through", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-02-25", redemptionType: "standard-travel" });
    const { customer, shopper } = await signedInShopper();
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1, checkInDate: "2027-03-01", checkOutDate: "2027-03-04", guests: 2 }] }, actorAt(clock.now(), { id: customer.id, vip: false }));
    const path = `/checkout/${basket.token}`;
    const page = pageText(await html(await shopper.request(path)));
    expect(page).toContain("Passenger details");
    expect(page).toContain("Passenger 1 (lead passenger)");
    expect(page).toContain("Check-in: Mon, 1 March 2027");
    expect(page).toContain("Please enter the details of every passenger.");

    const lineId = /name="lineId" value="(\d+)"/.exec(await html(await shopper.request(path)))![1];
    const refused = await shopper.request(path, { method: "POST", form: { intent: "passengers", lineId, "passenger-0-title": "Ms", "passenger-0-firstNames": "Tess" } });
    expect(refused.status).toBe(400);
    const problems = pageText(await html(refused)).replaceAll("&#x27;", "'");
    expect(problems).toContain("There is a problem");
    expect(problems).toContain("Passenger 1: Please enter the passenger's last name");
    expect(problems).toContain("Passenger 2: Please select a title");

    const form = {
      intent: "passengers",
      lineId,
      "passenger-0-title": "Ms",
      "passenger-0-firstNames": "Tess",
      "passenger-0-lastName": "Traveller",
      "passenger-0-dobDay": "4",
      "passenger-0-dobMonth": "7",
      "passenger-0-dobYear": "1988",
      "passenger-0-contactPhone": "07700 900456",
      "passenger-1-title": "Mr",
      "passenger-1-firstNames": "Tom",
      "passenger-1-lastName": "Traveller",
      "passenger-1-dobDay": "30",
      "passenger-1-dobMonth": "1",
      "passenger-1-dobYear": "1986",
    };
    expect((await shopper.request(path, { method: "POST", form })).status).toBe(200);
    expect(pageText(await html(await shopper.request(path)))).not.toContain("Please enter the details of every passenger.");
  });
});

describe("booking calendar on redemption", () => {
  it("lets the holder ask for dates on the voucher page and the merchant confirm them: Booked", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2026-12-01", nights: 60, capacity: 2, totalRemaining: 10 });
    const { customer, shopper } = await signedInShopper();
    const buyer = { id: customer.id, email: customer.email, vip: false };
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(clock.now(), buyer));
    const card = await tokenizeCard(database.db, clock, { number: "4111111111111111", expiry: "12/29", securityCode: "123", postalCode: "SW1A 1AA" });
    if (!card.ok) throw new Error("card refused");
    const placed = await placeOrder(placementServices(database.db, clock), { basketToken: basket.token, idempotencyKey: "calendar-1", customer: buyer, details: TEST_DETAILS, payment: { method: "card", instrument: "NEW", nonce: card.nonce } });
    if (!placed.ok) throw new Error(placed.error.message);
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.orderId, placed.order.id));
    const path = `/myaccount/vouchers/${voucher.id}`;

    const page = pageText(await html(await shopper.request(path)));
    expect(page).toContain("Book your stay");
    expect(page).toContain("Check-in date");
    const missing = await shopper.request(path, { method: "POST", form: { intent: "book-dates", checkIn: "", checkOut: "" } });
    expect(missing.status).toBe(400);
    expect(pageText(await html(missing))).toContain("Please select your check-in and check-out dates.");
    const requested = await shopper.request(path, { method: "POST", form: { intent: "book-dates", checkIn: "2026-12-10", checkOut: "2026-12-12" } });
    expect(requested.status).toBe(200);
    expect(pageText(await html(await shopper.request(path)))).toContain("Requested: waiting for the merchant to confirm your dates");

    const desk = browser();
    const signIn = await desk.request("/merchant/login", { method: "POST", form: { _csrf: await desk.csrfToken(), email: "desk@example.com", password: PASSWORD } });
    expect(signIn.status).toBe(302);
    desk.refreshCsrf();
    const list = await html(await desk.request("/merchant/bookings"));
    expect(pageText(list)).toContain("Thu, 10 December 2026 to Sat, 12 December 2026 ( 2 nights )");
    const bookingId = /name="bookingId" value="(\d+)"/.exec(list)![1];
    const confirmed = await desk.request("/merchant/bookings", { method: "POST", form: { _csrf: await desk.csrfToken(), bookingId, intent: "confirm" } });
    expect(confirmed.status).toBe(200);
    expect(pageText(await html(confirmed))).toContain("Confirmed. The voucher is Booked");

    const after = pageText(await html(await shopper.request(path)));
    expect(after).toContain("Booked (travel documents within 3 working days)");
    expect(after).toContain("Confirmed: travel documents within 3 working days");
  });
});
