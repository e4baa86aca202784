import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestBrowserApp, TestBrowser } from "../../tests/support/test-browser";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { insertTravelStay } from "../../tests/support/travel-fixtures";

let database: TestDatabase;
let browser: TestBrowser;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
  browser = new TestBrowser(createTestBrowserApp(database, systemClock));
});
afterAll(() => database.dispose());

const stay = { checkInDate: "2027-06-01", checkOutDate: "2027-06-04", guests: 2 };

describe("travel through the basket API", () => {
  it("adds a dated stay with its hotel-ads attribution and answers its nights, guests and rooms", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-05-25", redemptionType: "standard-travel" });
    const response = await browser.request("/v1/basket", {
      method: "POST",
      json: { products: [{ dealProductId: product.id, quantity: 1, ...stay, leadInProductId: product.id, utmMedium: "paid-hotel-ads", utmSource: "google" }] },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.products[0]).toMatchObject({ ...stay, numberOfNights: 3, rooms: 1, price: 15_000, passengers: null, leadInProductId: product.id, utmMedium: "paid", utmSource: "google" });

    const missing = await browser.request(`/v1/basket/${body.token}/product`, { method: "POST", json: { dealProductId: product.id, quantity: 1, checkInDate: "2027-06-01", guests: 2 } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: { code: "BASKET_TRAVEL_CHECK_OUT_REQUIRED", message: "Please select your check-out date." } });
  });

  it("saves passengers (CSRF like every change), says what is wrong per field, and opens the checkout gate", async () => {
    const { product } = await insertTravelStay(database.db, basics, { from: "2027-05-25", redemptionType: "standard-travel" });
    const created = await (await browser.request("/v1/basket", { method: "POST", json: { products: [{ dealProductId: product.id, quantity: 1, ...stay }] } })).json();
    const path = `/v1/basket/${created.token}/product/${created.products[0].id}/passengers`;
    const lead = { title: "Mr", firstNames: "Alan", lastName: "Turing", dateOfBirth: "1972-06-23", contactPhone: "07700 900123" };
    const second = { title: "Mrs", firstNames: "Grace", lastName: "Hopper", dobDay: "9", dobMonth: "12", dobYear: "1976" };

    expect((await browser.request(path, { method: "PUT", json: { passengers: [lead, second] }, csrf: false })).status).toBe(403);

    const invalid = await browser.request(path, { method: "PUT", json: { passengers: [{ ...lead, contactPhone: "" }] } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: {
        code: "BASKET_TRAVEL_PASSENGERS_REQUIRED",
        message: "Please enter the details of every passenger.",
        passengers: [
          { contactPhone: "Please enter a contact phone number for the lead passenger" },
          { title: "Please select a title", firstNames: "Please enter the passenger's first names", lastName: "Please enter the passenger's last name", dateOfBirth: "Please enter a valid date of birth, for example 27 3 1985" },
        ],
      },
    });
    const before = await (await browser.request(`/v1/checkout/${created.token}`)).json();
    expect(before).toMatchObject({ isTravel: true, isTravelValid: false, canCheckout: false });

    const saved = await browser.request(path, { method: "PUT", json: { passengers: [lead, second] } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).products[0].passengers).toEqual([
      { title: "Mr", firstNames: "Alan", lastName: "Turing", dateOfBirth: "1972-06-23", contactPhone: "07700 900123" },
      { title: "Mrs", firstNames: "Grace", lastName: "Hopper", dateOfBirth: "1976-12-09" },
    ]);
    const after = await (await browser.request(`/v1/checkout/${created.token}`)).json();
    expect(after).toMatchObject({ isTravel: true, isTravelValid: true, canCheckout: true });
  });
});
