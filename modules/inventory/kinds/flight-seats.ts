import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { travelFlights } from "../schema";
import { type FlightSeats, SoldOutError, type StockKind, type StockLine } from "../stock-kind";

/** A flight has fewer seats left than an order asked for (the order rolls back). */
export class FlightSoldOutError extends SoldOutError {
  constructor(readonly flightId: number) {
    super("flight seats", `flight ${flightId} has fewer seats left than were sold`);
  }
}

function seatsByFlight(lines: readonly StockLine[]): FlightSeats[] {
  const byFlight = new Map<number, number>();
  for (const { flightId, seats: count } of lines.flatMap((line) => line.seats ?? [])) byFlight.set(flightId, (byFlight.get(flightId) ?? 0) + count);
  return [...byFlight].map(([flightId, count]) => ({ flightId, seats: count })).sort((a, b) => a.flightId - b.flightId);
}

/**
 * Seats of choose-your-flight stays' flights. A sale makes one guarded update per flight, in id
 * order so two orders never deadlock, that only succeeds while enough seats are left: a seat is
 * never sold twice. A give-back (a refunded stay) puts them back on sale.
 */
export const flightSeatStock: StockKind = {
  name: "flight seats",
  async sell(tx: Db, lines) {
    for (const { flightId, seats: count } of seatsByFlight(lines)) {
      if (count <= 0) continue;
      const [updated] = await tx
        .update(travelFlights)
        .set({ seatsSold: sql`${travelFlights.seatsSold} + ${count}` })
        .where(and(eq(travelFlights.id, flightId), sql`${travelFlights.seatsSold} + ${count} <= ${travelFlights.seats}`))
        .returning({ id: travelFlights.id });
      if (!updated) throw new FlightSoldOutError(flightId);
    }
  },
  async giveBack(tx: Db, lines) {
    for (const { flightId, seats: count } of seatsByFlight(lines)) {
      if (count <= 0) continue;
      await tx
        .update(travelFlights)
        .set({ seatsSold: sql`greatest(${travelFlights.seatsSold} - ${count}, 0)` })
        .where(eq(travelFlights.id, flightId));
    }
  },
};
