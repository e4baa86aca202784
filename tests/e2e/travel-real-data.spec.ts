/**
 * Booking on the seeded travel data with nothing stubbed: a flights package's real calendar, 3
 * nights for 2 from 'Any London', the real flights for those dates, passengers, payment, the dates
 * on the voucher, and the next shopper finding that the rooms or seats the booking took are gone.
 * Then a stay chosen with the keyboard alone, and a hotel-ads link landing on a real hotel calendar.
 */
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import type { AvailabilityResponse } from "../../modules/travel/availability-types";
import { LONDON_AIRPORTS } from "../../modules/travel/stay-rules";
import { actAsNewShopper, payWithTestCard } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";
import { tabTo, typeAddressByKeyboard, typeCardByKeyboard, typeInto } from "./support/keyboard";
import { enterPassengers } from "./support/travel-journeys";

interface DealAnswer {
  deal: { id: number; urlPath: string; headline: string; countryCode: string; redemptionType: string; products: { soldOut: boolean }[] };
  availability: { buyable: boolean };
}

const NIGHTS = 3;
const ANY_LONDON = "Any London";
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const spoken = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[parsed.getUTCDay()]} ${parsed.getUTCDate()} ${MONTH_NAMES[parsed.getUTCMonth()]}`;
};
/** "Tue, 14 September 2027", as the basket and voucher say it. */
const written = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[parsed.getUTCDay()].slice(0, 3)}, ${parsed.getUTCDate()} ${MONTH_NAMES[parsed.getUTCMonth()]} ${parsed.getUTCFullYear()}`;
};
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function calendar(request: APIRequestContext, dealId: number, month?: { month: number; year: number }): Promise<AvailabilityResponse> {
  const query = new URLSearchParams({ quantity: "2", nights: String(NIGHTS), departureAirport: ANY_LONDON });
  if (month) {
    query.set("month", String(month.month));
    query.set("year", String(month.year));
  }
  const response = await request.get(`/v1/availability/deal/${dealId}?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { data: AvailabilityResponse } }).data.data;
}

/** The options bookable for a 3-night stay arriving that day for this many passengers, with flights from London, cheapest first. */
async function optionsFor(request: APIRequestContext, dealId: number, checkIn: string, passengers: number, departureAirport = ANY_LONDON): Promise<number[]> {
  const query = new URLSearchParams({ checkIn, nights: String(NIGHTS), quantity: String(passengers), departureAirport });
  const response = await request.get(`/v1/calendar-products/${dealId}?${query}`);
  expect(response.status()).toBe(200);
  const { products } = (await response.json()) as { products: { productId: number; price: number }[] };
  return products.sort((a, b) => a.price - b.price).map((p) => p.productId);
}

/** The most passengers (2, 4, 6 or 8) one option can take on the stay, 0 for none. */
async function largestParty(request: APIRequestContext, dealId: number, checkIn: string, productId: number, departureAirport = ANY_LONDON): Promise<number> {
  let largest = 0;
  for (const passengers of [2, 4, 6, 8]) if ((await optionsFor(request, dealId, checkIn, passengers, departureAirport)).includes(productId)) largest = passengers;
  return largest;
}

/**
 * The largest party from each London airport. A booking takes rooms (every airport's party shrinks)
 * or seats on the flights it chose (that airport's party shrinks), so the sum tells either.
 */
async function partiesFromLondon(request: APIRequestContext, stay: RealStay): Promise<number[]> {
  const parties: number[] = [];
  for (const airport of LONDON_AIRPORTS) parties.push(await largestParty(request, stay.deal.id, stay.checkIn, stay.productId, airport));
  return parties;
}

interface RealStay {
  deal: DealAnswer["deal"];
  /** The option the page books (the cheapest for the dates). */
  productId: number;
  checkIn: string;
  checkOut: string;
  /** The most passengers that option could take on the stay before the booking: fewer than 8. */
  partyBefore: number;
  /** The stay is in the month after the first bookable one (late in a month, the first has no room for 3 nights). */
  laterMonth: boolean;
}

/**
 * A UK flights package on sale whose first bookable month (or, late in a month, the next) has a
 * 3-night stay for 2 from London ending in the same month, on a day where its cheapest option has
 * little left (so the booking's effect is visible).
 * The nth such package: journeys running side by side each take their own, so one's basket hold
 * never shows in another's counts.
 */
async function findRealStay(request: APIRequestContext, nth = 0, kind: "choose-your-flight" | "calendar" = "choose-your-flight"): Promise<RealStay> {
  let skip = nth;
  for (let id = 30_000_001; id < 30_000_601; id++) {
    const response = await request.get(`/v1/deal/${id}`);
    if (!response.ok()) continue;
    const { deal, availability } = (await response.json()) as DealAnswer;
    if (!availability.buyable || deal.countryCode !== "GB" || deal.redemptionType !== kind) continue;
    const first = await calendar(request, id);
    if (!first.supportedNumberOfNights.includes(NIGHTS)) continue;
    const months = first.nextAvailable ? [first, await calendar(request, id, first.nextAvailable)] : [first];
    monthsOfThisDeal: for (const [index, month] of months.entries()) {
      const monthEnd = new Date(Date.UTC(month.currentYear, month.currentMonth, 0)).toISOString().slice(0, 10);
      const arrivals = month.calendarDateViewVOList.filter((d) => d.openForArrival && d.minPrice !== null && addDays(d.dateString, NIGHTS) <= monthEnd);
      for (const day of arrivals) {
        // The option the page books: the cheapest for the dates.
        const [productId] = await optionsFor(request, id, day.dateString, 2);
        if (productId === undefined) continue;
        const partyBefore = await largestParty(request, id, day.dateString, productId);
        if (partyBefore >= 8) continue;
        if (skip-- === 0) return { deal, productId, checkIn: day.dateString, checkOut: addDays(day.dateString, NIGHTS), partyBefore, laterMonth: index > 0 };
        break monthsOfThisDeal;
      }
    }
  }
  throw new Error("no flights package in the seeded catalogue has a 3-night stay for 2 from London with few places left");
}

const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-day="${date}"]`);

test.beforeEach(({ page }) => actAsNewShopper(page));

test("a shopper books 3 nights for 2 with flights from Any London on the real calendar, pays, and the places are gone for the next shopper", async ({ page, browser, request }) => {
  test.slow();
  const stay = await findRealStay(request);
  const partiesBefore = await partiesFromLondon(request, stay);
  await register(page, `rae-${Date.now()}@example.com`, "Rae", "Rover");

  await open(page, stay.deal.urlPath);
  const booking = page.getByTestId("travel-booking");
  await booking.getByRole("combobox", { name: "Nights" }).selectOption(String(NIGHTS));
  await booking.getByRole("combobox", { name: "Departure airport" }).selectOption({ label: ANY_LONDON });
  if (stay.laterMonth) await booking.getByRole("button", { name: /^Next month/ }).click();
  await expect(cell(page, stay.checkIn)).toBeVisible();
  await cell(page, stay.checkIn).click();
  await expect(page.getByTestId("travel-status")).toHaveText(`Check-in ${spoken(stay.checkIn)} selected. Please select your check-out date.`);
  await cell(page, stay.checkOut).click();
  await expect(page.getByTestId("travel-status")).toHaveText(`Check-out ${spoken(stay.checkOut)} selected: 3 nights from ${spoken(stay.checkIn)}.`);
  await expect(page.getByTestId("travel-summary")).toContainText("2 passengers (1 room)");

  // The flights for those dates, from a London airport, as one radio group.
  const flights = booking.getByRole("group", { name: "Choose your flights" });
  const firstPair = flights.getByRole("radio").first();
  await expect(firstPair).toBeVisible();
  await expect(flights).toContainText(/London/);
  await firstPair.check();
  expect(await seriousViolations(page)).toEqual([]);

  await booking.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const line = page.getByTestId("basket-line");
  await expect(line).toContainText(stay.deal.headline);
  await expect(line.getByTestId("line-stay")).toContainText(`Check-in:${written(stay.checkIn)}`);
  await expect(line.getByTestId("line-stay")).toContainText(`Check-out:${written(stay.checkOut)}`);
  await expect(line.getByTestId("line-stay")).toContainText("3 nights, 2 passengers, 1 room");

  await enterPassengers(page, [
    { title: "Ms", firstNames: "Rae", lastName: "Rover", born: { day: 12, month: 3, year: 1990 }, phone: "07700 900321" },
    { title: "Mr", firstNames: "Rob", lastName: "Rover", born: { day: 2, month: 11, year: 1989 } },
  ]);
  await payWithTestCard(page);
  const print = await page
    .getByRole("link", { name: /^Print voucher/ })
    .first()
    .getAttribute("href");
  const voucherId = Number(/voucherId=(\d+)/.exec(print ?? "")![1]);

  await open(page, `/myaccount/vouchers/${voucherId}`);
  const voucherStay = page.getByRole("region", { name: "Your stay" });
  await expect(voucherStay).toContainText(written(stay.checkIn));
  await expect(voucherStay).toContainText(written(stay.checkOut));
  await expect(voucherStay).toContainText("3 nights");
  await expect(voucherStay.getByTestId("voucher-passengers")).toContainText("Ms Rae Rover (lead passenger)");

  // The next shopper's calendar, read fresh: the party that fitted before no longer does.
  const next = await browser.newContext();
  const partiesAfter = await partiesFromLondon(next.request, stay);
  const total = (parties: number[]) => parties.reduce((sum, party) => sum + party, 0);
  expect(
    partiesAfter.every((party, index) => party <= partiesBefore[index]),
    `${partiesAfter} within ${partiesBefore}`,
  ).toBe(true);
  expect(total(partiesAfter)).toBeLessThanOrEqual(total(partiesBefore) - 2);
  await next.close();
});

test("a keyboard-only shopper chooses a real stay and its flights, enters the passengers and pays", async ({ page, request }) => {
  test.slow(); // a booking typed key by key
  const stay = await findRealStay(request, 1);
  await register(page, `kit-${Date.now()}@example.com`, "Kit", "Keys");
  await open(page, stay.deal.urlPath);
  const booking = page.getByTestId("travel-booking");
  const nights = booking.getByRole("combobox", { name: "Nights" });
  await tabTo(page, nights);
  // A closed select takes a typed choice without acting on an arrow key.
  await page.keyboard.type(String(NIGHTS));
  await expect(nights).toHaveValue(String(NIGHTS));
  const airport = booking.getByRole("combobox", { name: "Departure airport" });
  await tabTo(page, airport);
  await page.keyboard.type(ANY_LONDON);
  await expect(airport).toHaveValue(ANY_LONDON);
  if (stay.laterMonth) {
    const nextMonth = booking.getByRole("button", { name: /^Next month/ });
    await tabTo(page, nextMonth);
    await page.keyboard.press("Enter");
  }
  await expect(cell(page, stay.checkIn)).toBeVisible();

  // Into the grid, then along to the check-in day with the arrow keys.
  for (let i = 0; i < 8 && (await page.evaluate(() => document.activeElement?.getAttribute("role"))) !== "gridcell"; i++) await page.keyboard.press("Tab");
  const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute("data-day") ?? "");
  for (let i = 0; i < 31 && (await focusedDay()) !== stay.checkIn; i++) await page.keyboard.press((await focusedDay()) < stay.checkIn ? "ArrowRight" : "ArrowLeft");
  await expect(cell(page, stay.checkIn)).toBeFocused();
  await page.keyboard.press("Enter");
  for (let i = 0; i < NIGHTS; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("travel-status")).toHaveText(`Check-out ${spoken(stay.checkOut)} selected: 3 nights from ${spoken(stay.checkIn)}.`);

  // Tab to the flights: the first pair is one tab stop; Space chooses it.
  const firstPair = booking.getByRole("group", { name: "Choose your flights" }).getByRole("radio").first();
  await tabTo(page, firstPair, { max: 12 });
  await page.keyboard.press("Space");
  await expect(firstPair).toBeChecked();
  await tabTo(page, booking.getByRole("button", { name: "Buy now" }), { max: 15 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/[\w-]{11,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("basket-line").getByTestId("line-stay")).toContainText(`Check-in:${written(stay.checkIn)}`);

  // The passengers, typed in.
  const passengers = page.getByRole("region", { name: "Passenger details" });
  const people = [
    { group: passengers.getByRole("group", { name: "Passenger 1 (lead passenger)" }), title: "Ms", first: "Kit", last: "Keys", born: ["9", "9", "1991"], phone: "07700 900654" },
    { group: passengers.getByRole("group", { name: "Passenger 2", exact: true }), title: "Mr", first: "Kim", last: "Keys", born: ["1", "2", "1990"], phone: null },
  ];
  for (const person of people) {
    const title = person.group.getByLabel("Title");
    await tabTo(page, title);
    await page.keyboard.type(person.title);
    await expect(title).toHaveValue(person.title);
    await typeInto(page, person.group.getByLabel("First names"), person.first);
    await typeInto(page, person.group.getByLabel("Last name"), person.last);
    await typeInto(page, person.group.getByLabel("Day"), person.born[0]);
    await typeInto(page, person.group.getByLabel("Month"), person.born[1]);
    await typeInto(page, person.group.getByLabel("Year"), person.born[2]);
    if (person.phone) await typeInto(page, person.group.getByLabel("Contact phone"), person.phone);
  }
  await tabTo(page, passengers.getByRole("button", { name: "Save passenger details" }));
  await page.keyboard.press("Enter");
  await expect(passengers.getByRole("status")).toHaveText("Passenger details saved.");

  // The address and the sandbox card, typed in; then Pay.
  await typeAddressByKeyboard(page);
  const payment = await typeCardByKeyboard(page, "4111 1111 1111 1111");
  await tabTo(page, payment.getByRole("button", { name: /^Pay .* now$/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Purchase successful");
});

test("a hotel-ads link lands on a real hotel's calendar with its room, dates and guests chosen and the stay's real price", async ({ page, request }) => {
  const stay = await findRealStay(request, 0, "calendar");
  const query = new URLSearchParams({ checkIn: stay.checkIn, nights: String(NIGHTS), quantity: "2" });
  const products = ((await (await request.get(`/v1/calendar-products/${stay.deal.id}?${query}`)).json()) as { products: { productId: number; price: number }[] }).products;
  const room = products.find((p) => p.productId === stay.productId)!;
  await open(page, `${stay.deal.urlPath}?productId=${stay.productId}&arrival=${stay.checkIn}&departure=${stay.checkOut}&guests=2&utm_medium=paid-hotel-ads&utm_source=google`);
  await expect(cell(page, stay.checkIn)).toHaveAttribute("aria-selected", "true");
  await expect(cell(page, stay.checkIn)).toContainText("In");
  await expect(cell(page, stay.checkOut)).toContainText("Out");
  await expect(page.getByTestId("travel-summary")).toContainText("2 passengers (1 room)");
  const pounds = (room.price / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByTestId("travel-total")).toContainText(`Total £${pounds}`);
  expect(await seriousViolations(page)).toEqual([]);
});
