import { csvAmount, csvRow, csvText } from "../../lib/csv";
import type { AdminDealRow } from "./admin-deals";

const HEADER = ["Deal id", "Headline", "Status", "Type", "Location", "Category", "Merchant", "Currency", "Price", "Sold", "Closes", "Last changed"];

/** The deals table as CSV, one record per deal as it is read (the export never holds every row). */
export async function* adminDealsCsv(rows: AsyncIterable<AdminDealRow>): AsyncGenerator<string> {
  yield csvRow(HEADER);
  for await (const deal of rows) {
    yield csvRow([
      String(deal.id),
      csvText(deal.headline),
      deal.status,
      deal.dealType,
      csvText(deal.location ?? ""),
      csvText(deal.category),
      csvText(deal.merchant),
      deal.currency,
      csvAmount(deal.price),
      String(deal.totalBought),
      deal.closingDate.toISOString(),
      deal.updatedAt.toISOString(),
    ]);
  }
}
