import { expect, test } from "@playwright/test";
import { DEAL_IMPORT_COLUMNS } from "../../modules/deal-pipeline/deal-import-csv";
import { open, seriousViolations } from "./support/journeys";

/** A file of one London spa deal with two options; `price` is the first option's price. */
function dealFile(headline: string, price: string) {
  const deal = {
    deal: "journey",
    headline,
    title: `${headline}: pool and sauna`,
    description: "Full use of the pool and sauna.",
    deal_type: "local",
    country: "GB",
    location: "London",
    category: "beauty",
    sub_category: "spa",
    merchant_id: "1",
    redemption_type: "standard",
    closing_date: "2030-12-31 23:59",
  };
  const line = (values: Record<string, string>) => DEAL_IMPORT_COLUMNS.map((column) => values[column] ?? "").join(",");
  return Buffer.from(
    [
      DEAL_IMPORT_COLUMNS.join(","),
      line({ ...deal, option_title: "Weekday", price, original_price: "80.00" }),
      line({ deal: "journey", option_title: "Weekend", price: "45.00", original_price: "90.00" }),
    ].join("\n"),
  );
}

test("the owner checks a deals file, reads the bad row's error, fixes it, imports it and finds the draft in the deals table", async ({ page }) => {
  const headline = `Imported spa day ${Date.now()}`;
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill("owner@example.com");
  await page.getByLabel("Password").fill("Demo-Owner-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back office");
  await page.getByRole("link", { name: "Deals", exact: true }).click();
  await page.getByRole("link", { name: "Import deals from CSV" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import deals from a CSV file");

  // A file with a price that is not an amount: the dry run names its row and column, and offers no import.
  await page.getByLabel("A CSV file of deals").setInputFiles({ name: "spa.csv", mimeType: "text/csv", buffer: dealFile(headline, "forty") });
  await page.getByRole("button", { name: "Check the file" }).click();
  const result = page.getByTestId("import-result");
  await expect(result).toBeFocused();
  await expect(result.getByRole("heading")).toHaveText("1 problems in spa.csv: nothing was imported.");
  await expect(page.getByTestId("import-error")).toHaveText(["2priceEnter an amount in pounds and pence, such as 12.50."]);
  await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The corrected file checks clean; then it is imported.
  await page.getByLabel("A CSV file of deals").setInputFiles({ name: "spa.csv", mimeType: "text/csv", buffer: dealFile(headline, "40.00") });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(result.getByRole("heading")).toHaveText("spa.csv is ready: 1 deals from 2 rows. Nothing was written yet.");
  await page.getByRole("button", { name: "Import 1 deals" }).click();
  await expect(result.getByRole("heading")).toHaveText("Imported 1 deals (2 rows) from spa.csv as drafts.");

  await result.getByRole("link", { name: "See the draft deals" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deals");
  await page.getByLabel("Deal id, headline or merchant").fill(headline);
  await page.getByLabel("Deal id, headline or merchant").press("Enter");
  const row = page.getByTestId("deal-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(headline);
  await expect(row).toContainText("Draft");
});
