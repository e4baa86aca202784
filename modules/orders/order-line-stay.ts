import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { LineFlights } from "../basket/schema";
import { orderLines } from "./schema";

/** The stay an order line booked (dated travel), or null for a line without dates. */
export interface OrderLineStay {
  checkInDate: string;
  checkOutDate: string;
  guests: number;
  flights: LineFlights | null;
}

export async function orderLineStay(db: Db, orderLineId: number): Promise<OrderLineStay | null> {
  const [line] = await db
    .select({ checkInDate: orderLines.checkInDate, checkOutDate: orderLines.checkOutDate, guests: orderLines.guests, flights: orderLines.flights })
    .from(orderLines)
    .where(eq(orderLines.id, orderLineId));
  if (!line?.checkInDate || !line.checkOutDate || line.guests === null) return null;
  return { checkInDate: line.checkInDate, checkOutDate: line.checkOutDate, guests: line.guests, flights: line.flights };
}
