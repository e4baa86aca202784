import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { inventoryNights } from "../schema";
import { SoldOutError, type StockKind, type StockLine } from "../stock-kind";

/** A dated product has fewer rooms left on a night than were sold (the order rolls back). */
export class NightSoldOutError extends SoldOutError {
  constructor(
    readonly productId: number,
    readonly night: string,
  ) {
    super("nights", `product ${productId} has fewer units left on ${night} than were sold`);
  }
}

/**
 * Takes `units` of a dated product on each of these nights, in night order, each with one guarded
 * update that succeeds only while the night has them left: a night is never oversold, however many
 * buyers race. Throws NightSoldOutError (the caller rolls back) when one has too few. Orders sell
 * through sellUnits; a booking made after purchase (booking calendar on redemption) takes its
 * nights with this alone, its unit having been sold with the voucher.
 */
export async function takeNights(tx: Db, take: { productId: number; nights: readonly string[]; units: number }): Promise<void> {
  for (const night of [...take.nights].sort()) {
    const [updated] = await tx
      .update(inventoryNights)
      .set({ sold: sql`${inventoryNights.sold} + ${take.units}` })
      .where(and(eq(inventoryNights.productId, take.productId), eq(inventoryNights.night, night), sql`${inventoryNights.sold} + ${take.units} <= ${inventoryNights.capacity}`))
      .returning({ productId: inventoryNights.productId });
    if (!updated) throw new NightSoldOutError(take.productId, night);
  }
}

/**
 * Puts a dated product's nights back on sale (a refunded stay, a declined or cancelled booking):
 * `units` fewer sold on each night, never below none.
 */
export async function giveBackNights(tx: Db, nights: { productId: number; nights: readonly string[]; units: number }): Promise<void> {
  if (nights.nights.length === 0 || nights.units <= 0) return;
  await tx
    .update(inventoryNights)
    .set({ sold: sql`greatest(${inventoryNights.sold} - ${nights.units}, 0)` })
    .where(and(eq(inventoryNights.productId, nights.productId), inArray(inventoryNights.night, [...nights.nights])));
}

const dated = (lines: readonly StockLine[]) => [...lines].filter((line) => line.nights && line.nights.length > 0).sort((a, b) => a.productId - b.productId);

/** Rooms of dated products (travel stays) per night: `roomsPerNight` (default `units`) on every night of the line. */
export const nightStock: StockKind = {
  name: "nights",
  async sell(tx, lines) {
    for (const line of dated(lines)) await takeNights(tx, { productId: line.productId, nights: line.nights!, units: line.roomsPerNight ?? line.units });
  },
  async giveBack(tx, lines) {
    for (const line of dated(lines)) await giveBackNights(tx, { productId: line.productId, nights: line.nights!, units: line.roomsPerNight ?? line.units });
  },
};
