/**
 * Reports as staff read them: after a purchase, today's sales show in the chart (drawn in the
 * browser) and the table, the CSV holds the same figures, and a bad period is announced with the
 * focus on it.
 */
import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "./support/back-office";
import { actAsNewShopper, buyNow, findDealFromTop, payWithTestCard } from "./support/checkout-journeys";
import { open, register, seriousViolations } from "./support/journeys";

const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

test("today's sale is in the sales report's chart, table and CSV", async ({ page, browser, request }) => {
  // A purchase, then axe over nine reports' charts and tables: a ceiling, not a wait.
  test.slow();
  await actAsNewShopper(page);
  const deal = await findDealFromTop(request, 50);
  await register(page, `reports-journey-${Date.now()}@example.com`, "Rita");
  await buyNow(page, deal);
  await payWithTestCard(page);

  const staff = await (await browser.newContext()).newPage();
  await signInAsDemoOwner(staff);
  const today = londonToday();
  await open(staff, `/admin/reports?from=${today}&to=${today}`);
  const byDay = staff.getByTestId("report-sales-by-day");
  await expect(byDay.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const row = byDay.getByRole("row").filter({ hasText: today });
  await expect(row).toContainText("GBP");
  const cells = await row.getByRole("cell").allTextContents();
  expect(Number(cells[2])).toBeGreaterThanOrEqual(1);
  expect(await seriousViolations(staff)).toEqual([]);

  // The CSV holds the same figures as the table.
  const csv = await (await staff.request.get(`/admin/reports.csv?report=sales-by-day&from=${today}&to=${today}`)).text();
  const csvLine = csv.split("\r\n").find((line) => line.startsWith(`${today},GBP,`))!;
  expect(csvLine.split(",")[2]).toBe(cells[2]);
  expect(`£${Number(csvLine.split(",")[3]).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`).toBe(cells[3]);

  // A period the wrong way round: the error takes the focus.
  await staff.getByLabel("From", { exact: true }).fill("2026-12-31");
  await staff.getByLabel("To", { exact: true }).fill("2026-01-01");
  await staff.getByRole("button", { name: "Show reports" }).click();
  await expect(staff.getByRole("alert")).toContainText("Please choose a valid period");
  await expect(staff.getByRole("alert").locator("..")).toBeFocused();
  await staff.context().close();
});
