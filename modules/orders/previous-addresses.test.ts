import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCustomer, insertPastPurchase, insertSellable } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { previousAddresses } from "./previous-addresses";
import { orders } from "./schema";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

describe("previous addresses at checkout", () => {
  it("offers each different address of the customer's earlier orders once, most recent first", async () => {
    const { deal, product } = await insertSellable(database.db, basics);
    const customer = await insertCustomer(database.db);
    const someoneElse = await insertCustomer(database.db);
    const addresses = [
      { at: "2026-01-01T00:00:00Z", who: customer, address: { addressLine1: "1 Old Road", city: "Leeds", postcode: "LS1 1AA" } },
      { at: "2026-02-01T00:00:00Z", who: customer, address: { addressLine1: "10 Downing Street", city: "London", postcode: "SW1A 2AA" } },
      { at: "2026-03-01T00:00:00Z", who: customer, address: { addressLine1: "1 old road", city: "Leeds", postcode: "ls11aa" } },
      { at: "2026-04-01T00:00:00Z", who: someoneElse, address: { addressLine1: "Elsewhere", city: "York", postcode: "YO1 1AA" } },
    ];
    for (const entry of addresses) {
      const order = await insertPastPurchase(database.db, { customerId: entry.who.id, dealId: deal.id, productId: product.id, quantity: 1, at: new Date(entry.at) });
      await database.db.update(orders).set(entry.address).where(eq(orders.id, order.id));
    }
    expect(await previousAddresses(database.db, customer.id)).toEqual([
      { addressLine1: "1 old road", addressLine2: "", city: "Leeds", postcode: "ls11aa" },
      { addressLine1: "10 Downing Street", addressLine2: "", city: "London", postcode: "SW1A 2AA" },
    ]);
  });
});
