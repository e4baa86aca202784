import type { Db } from "../../db/client";

/** Seats of one flight a line sells (or gives back), one passenger a seat. */
export interface FlightSeats {
  flightId: number;
  seats: number;
}

/**
 * One line of a sale or a give-back, as every kind of stock reads it: units of one product;
 * `nights` for a dated product (each night sells `roomsPerNight`, default `units`): a travel stay is
 * one unit (one booking, one voucher) that sells its rooms on every night; `seats` for a
 * choose-your-flight stay. A new kind of stock adds its field here and its entry to STOCK_KINDS
 * (./stock-kinds.ts).
 */
export interface StockLine {
  dealId: number;
  productId: number;
  units: number;
  nights?: readonly string[];
  roomsPerNight?: number;
  seats?: readonly FlightSeats[];
}

/**
 * A kind of stock: how a sale takes it (in the order's transaction, guarded so it is never
 * oversold: throws a SoldOutError and the caller rolls back) and how a give-back (a refund, a
 * cancellation, a gift's option swap) puts it on sale again. Each picks from the lines what is its own.
 */
export interface StockKind {
  readonly name: string;
  sell(tx: Db, lines: readonly StockLine[]): Promise<void>;
  giveBack(tx: Db, lines: readonly StockLine[]): Promise<void>;
}

/** Some stock ran out while it was being sold (the sale's transaction rolls back). `kind` names the StockKind. */
export class SoldOutError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}
