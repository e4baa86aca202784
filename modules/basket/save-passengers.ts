import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { localDate, marketTimeZone } from "../../lib/market-time";
import { checkPassengers, type PassengerErrors, type PassengerInput } from "../travel/passengers";
import { type BasketActor, lockOpenBasket, touchBasket } from "./baskets";
import { BasketError } from "./errors";
import type { BasketLine } from "./evaluate-lines";
import { basketLines } from "./schema";

export type SavePassengersResult = { ok: true; line: BasketLine } | { ok: false; errors: PassengerErrors[]; message: string };

/**
 * The checkout's passenger step: every passenger of a booked stay (title, names, date of birth;
 * the lead passenger's contact phone), checked field by field and saved on the line only when all
 * are valid. Problems are returned for the form to show beside each field, never half saved.
 */
export async function savePassengers(db: Db, token: string, lineId: number, inputs: readonly PassengerInput[], actor: BasketActor): Promise<SavePassengersResult> {
  return db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    const [line] = await tx
      .select()
      .from(basketLines)
      .where(and(eq(basketLines.id, lineId), eq(basketLines.basketId, basket.id)));
    if (!line) throw new BasketError("LINE_NOT_FOUND");
    if (!line.checkInDate || !line.checkOutDate || line.guests === null) throw new BasketError("TRAVEL_DATES_REQUIRED");
    const today = localDate(actor.now, marketTimeZone(actor.brand.countryCode));
    const checked = checkPassengers(inputs, { guests: line.guests, today, travelDate: line.checkInDate });
    if (!checked.ok) return checked;
    const [saved] = await tx.update(basketLines).set({ passengers: checked.passengers, updatedAt: actor.now }).where(eq(basketLines.id, line.id)).returning();
    await touchBasket(tx, basket.id, actor.now);
    return { ok: true, line: saved };
  });
}
