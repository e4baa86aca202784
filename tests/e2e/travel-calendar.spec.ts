/**
 * Booking a stay on a travel deal's calendar: with the mouse, with the keyboard alone, and from a
 * hotel-ads link, up to the basket post (its fields checked); a malformed availability answer
 * blocks the calendar. The travel reads (availability, stay products) answer from fixtures here,
 * so the journey does not depend on the seeded travel data: a month with every day open at
 * £89.00 a night, stays of 2 to 7 nights, the 5th sold out and the 6th not on sale.
 */
import { type APIRequestContext, type Page, type Request, expect, test } from "@playwright/test";
import { open, seriousViolations } from "./support/journeys";

interface DealAnswer {
  deal: { id: number; urlPath: string; dealType: string; countryCode: string; redemptionType: string; productDisplay: { type: string }; products: { id: number; friendlyName: string; soldOut: boolean }[] };
  availability: { buyable: boolean };
}

/** The first buyable UK travel deal shown as a calendar (booked by date, without flights). */
async function findCalendarDeal(request: APIRequestContext): Promise<DealAnswer["deal"]> {
  for (let id = 30_000_001; id < 30_000_601; id++) {
    const response = await request.get(`/v1/deal/${id}`);
    if (!response.ok()) continue;
    const { deal, availability } = (await response.json()) as DealAnswer;
    if (availability.buyable && deal.dealType === "travel" && deal.countryCode === "GB" && deal.productDisplay.type === "calendar" && deal.redemptionType !== "choose-your-flight" && deal.products.some((p) => !p.soldOut)) return deal;
  }
  throw new Error("no calendar travel deal in the seeded catalogue");
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The month after this one: every day of it is in the future. */
const now = new Date();
const MONTH = now.getUTCMonth() === 11 ? { month: 1, year: now.getUTCFullYear() + 1 } : { month: now.getUTCMonth() + 2, year: now.getUTCFullYear() };
const day = (d: number, month = MONTH) => `${month.year}-${pad(month.month)}-${pad(d)}`;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** "Friday 12 March", as the calendar says it. */
const spoken = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[parsed.getUTCDay()]} ${parsed.getUTCDate()} ${MONTH_NAMES[parsed.getUTCMonth()]}`;
};

function monthAnswer(month: { month: number; year: number }, nights: number) {
  const length = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const next = month.month === 12 ? { month: 1, year: month.year + 1 } : { month: month.month + 1, year: month.year };
  return {
    data: {
      data: {
        calendarDateViewVOList: Array.from({ length }, (_, i) => {
          const date = day(i + 1, month);
          const soldOut = i + 1 === 5;
          const closed = i + 1 === 6;
          return {
            date: Date.parse(`${date}T00:00:00Z`),
            dateString: date,
            minPrice: soldOut || closed ? null : 8900 * nights,
            vipPrice: soldOut || closed ? null : 8000 * nights,
            vipDiscountAllowed: true,
            openForArrival: true,
            openForDeparture: true,
            openForSale: !closed,
            dateSoldOut: soldOut,
            minLengthOfStay: 2,
            maxLengthOfStay: 7,
            additionalCostText: null,
          };
        }),
        currentMonth: month.month,
        currentYear: month.year,
        nextAvailable: month.month === MONTH.month ? next : null,
        previousAvailable: month.month === MONTH.month ? null : MONTH,
        lastAvailableStay: null,
        calendarProductViewVOList: [],
        calendarRoomView: [],
        calendarRoomOnlyView: [],
        supportedNumberOfNights: [1, 2, 3, 4, 5, 6, 7],
      },
    },
  };
}

/** Answers the travel reads from the fixture month; returns the availability requests seen. */
async function travelFixtures(page: Page, product: { id: number; friendlyName: string }, options: { malformed?: boolean } = {}): Promise<URL[]> {
  const seen: URL[] = [];
  await page.route(/\/v1\/availability\/deal\/\d+/, async (route) => {
    const url = new URL(route.request().url());
    seen.push(url);
    if (options.malformed) return route.fulfill({ json: { data: { data: { calendarDateViewVOList: "oops" } } } });
    const asked = url.searchParams.get("month") ? { month: Number(url.searchParams.get("month")), year: Number(url.searchParams.get("year")) } : MONTH;
    await route.fulfill({ json: monthAnswer(asked, Number(url.searchParams.get("nights") ?? 2)) });
  });
  await page.route(/\/v1\/calendar-products\/\d+/, async (route) => {
    const url = new URL(route.request().url());
    const nights = Math.round((Date.parse(url.searchParams.get("checkOut")!) - Date.parse(url.searchParams.get("checkIn")!)) / 86_400_000);
    const rooms = Number(url.searchParams.get("quantity")) / 2;
    await route.fulfill({ json: { products: [{ productId: product.id, friendlyName: product.friendlyName, price: 8900 * nights * rooms, vipPrice: null, adminFee: 0 }] } });
  });
  return seen;
}

/** The basket post's fields (a POST with the CSRF token, or the GET that asks for it). */
function basketFields(request: Request): URLSearchParams {
  return request.method() === "POST" ? new URLSearchParams(request.postData() ?? "") : new URL(request.url()).searchParams;
}

/** The add-to-basket request: /checkout (or its data request, /checkout.data). */
const isBasketPost = (request: Request) => new URL(request.url()).pathname.replace(/\.data$/, "") === "/checkout";

const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-day="${date}"]`);

let deal: DealAnswer["deal"];
let product: { id: number; friendlyName: string };

test.beforeAll(async ({ request }) => {
  deal = await findCalendarDeal(request);
  product = deal.products.find((p) => !p.soldOut)!;
});

test("a shopper picks 3 nights for 2 on the calendar with the mouse", async ({ page }) => {
  await travelFixtures(page, product);
  await open(page, deal.urlPath);
  const booking = page.getByTestId("travel-booking");
  await expect(booking.getByRole("grid")).toBeVisible();
  await expect(booking.getByRole("combobox", { name: "Passengers" })).toHaveValue("2");
  // Buy now before any dates: the error summary takes the focus with the spec's words.
  await booking.getByRole("button", { name: "Buy now" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Please select your check-in and check-out dates.");

  await expect(cell(page, day(5))).toContainText("Sold out");
  await expect(cell(page, day(5))).toHaveAttribute("aria-disabled", "true");
  await cell(page, day(10)).click();
  await expect(page.getByTestId("travel-status")).toHaveText(`Check-in ${spoken(day(10))} selected. Please select your check-out date.`);
  await cell(page, day(13)).click();
  await expect(page.getByTestId("travel-status")).toHaveText(`Check-out ${spoken(day(13))} selected: 3 nights from ${spoken(day(10))}.`);
  await expect(booking.getByRole("combobox", { name: "Nights" })).toHaveValue("3");
  await expect(cell(page, day(11))).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("travel-total")).toContainText("Total £267.00");
  await expect(page.getByTestId("travel-summary")).toContainText("2 passengers (1 room)");
  expect(await seriousViolations(page)).toEqual([]);

  const post = page.waitForRequest(isBasketPost);
  await booking.getByRole("button", { name: "Buy now" }).click();
  const fields = basketFields(await post);
  expect(Object.fromEntries(fields)).toMatchObject({ dealId: String(deal.id), productId: String(product.id), quantity: "1", checkInDate: day(10), checkOutDate: day(13), guests: "2" });
  expect(fields.has("utmMedium")).toBe(false);
});

test("a keyboard-only shopper picks the same stay with arrow keys and Enter", async ({ page }) => {
  await travelFixtures(page, product);
  await open(page, deal.urlPath);
  await expect(page.getByRole("grid")).toBeVisible();
  await page.getByRole("combobox", { name: "Nights" }).focus();
  // Tab into the grid: its one tab stop is the first day a stay may start, the 1st.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("role"))) === "gridcell") break;
  }
  await expect(cell(page, day(1))).toBeFocused();
  // A visible focus indicator.
  expect(await cell(page, day(1)).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  // Arrow keys only move the focus: nothing is chosen until Enter.
  await page.keyboard.press("ArrowDown");
  await expect(cell(page, day(8))).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, day(10))).toBeFocused();
  await expect(page.getByTestId("travel-status")).toHaveText("Please choose your arrival date");
  await expect(page.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("travel-status")).toHaveText(`Check-in ${spoken(day(10))} selected. Please select your check-out date.`);
  // Page Down shows the next month with the focus on the same day; Page Up comes back.
  await page.keyboard.press("PageDown");
  const next = MONTH.month === 12 ? { month: 1, year: MONTH.year + 1 } : { month: MONTH.month + 1, year: MONTH.year };
  await expect(cell(page, day(10, next))).toBeFocused();
  await page.keyboard.press("PageUp");
  await expect(cell(page, day(10))).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(cell(page, day(13))).toBeFocused();
  await page.keyboard.press(" ");
  await expect(page.getByTestId("travel-status")).toHaveText(`Check-out ${spoken(day(13))} selected: 3 nights from ${spoken(day(10))}.`);
  await expect(page.getByTestId("travel-total")).toContainText("Total £267.00");

  // On to Buy now with Tab, and Enter.
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.textContent)) === "Buy now") break;
  }
  await expect(page.getByTestId("travel-booking").getByRole("button", { name: "Buy now" })).toBeFocused();
  const post = page.waitForRequest(isBasketPost);
  await page.keyboard.press("Enter");
  expect(Object.fromEntries(basketFields(await post))).toMatchObject({ checkInDate: day(10), checkOutDate: day(13), guests: "2", productId: String(product.id) });
});

test("a hotel-ads link lands with its dates and guests chosen and its attribution in the basket post", async ({ page }) => {
  const availabilityCalls = await travelFixtures(page, product);
  await open(page, `${deal.urlPath}?productId=${product.id}&arrival=${day(12)}&departure=${day(15)}&guests=4&utm_medium=paid-hotel-ads&utm_source=google`);
  // The product moved into the path; the other parameters stayed.
  await expect(page).toHaveURL(new RegExp(`/${product.id}(/[^?]*)?\\?arrival=${day(12)}`));
  await expect(page.getByRole("combobox", { name: "Passengers" })).toHaveValue("4");
  await expect(cell(page, day(12))).toHaveAttribute("aria-selected", "true");
  await expect(cell(page, day(12))).toContainText("In");
  await expect(cell(page, day(15))).toContainText("Out");
  await expect(page.getByTestId("travel-status")).toContainText("Your stay:");
  await expect(page.getByTestId("travel-summary")).toContainText("4 passengers (2 rooms)");
  await expect(page.getByTestId("travel-total")).toContainText("Total £534.00");
  expect(availabilityCalls[0].searchParams.get("quantity")).toBe("4");
  expect(availabilityCalls[0].searchParams.get("googleHotelAds")).toBe("true");
  expect(availabilityCalls[0].searchParams.get("leadProductId")).toBe(String(product.id));

  const post = page.waitForRequest(isBasketPost);
  await page.getByTestId("travel-booking").getByRole("button", { name: "Buy now" }).click();
  expect(Object.fromEntries(basketFields(await post))).toMatchObject({
    checkInDate: day(12),
    checkOutDate: day(15),
    guests: "4",
    leadInProductId: String(product.id),
    utmMedium: "paid",
    utmSource: "google",
  });
});

test("a malformed availability answer shows the calendar error and blocks every day", async ({ page }) => {
  await travelFixtures(page, product, { malformed: true });
  await open(page, deal.urlPath);
  await expect(page.getByRole("list", { name: "Notifications" })).toContainText("Sorry, we couldn't load the calendar.");
  const days = page.locator('[role="gridcell"][data-day]');
  await expect(days.first()).toBeVisible();
  expect(await days.evaluateAll((cells) => cells.every((c) => c.getAttribute("aria-disabled") === "true"))).toBe(true);
  await days.first().click({ force: true });
  await expect(page.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
