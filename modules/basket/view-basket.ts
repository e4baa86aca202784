import type { Db } from "../../db/client";
import { type Basket, type BasketActor, linesOf } from "./baskets";
import { type BasketLine, type EvaluatedLine, evaluateLines } from "./evaluate-lines";
import { loadBasketFacts } from "./load-facts";

export interface BasketView {
  basket: Basket;
  lines: EvaluatedLine[];
  /** Spec: the sum of the products' quantities, empty when 0 (the header shows it). */
  quantity: string;
  /** When the first live hold runs out (the countdown), or null when nothing is held. */
  reservedUntil: Date | null;
}

export function quantityString(lines: readonly { line: { quantity: number } }[]): string {
  const total = lines.reduce((sum, entry) => sum + entry.line.quantity, 0);
  return total === 0 ? "" : String(total);
}

/** When the first live hold of these lines runs out (the countdown), or null when nothing is held. */
export function earliestHold(lines: readonly EvaluatedLine[]): Date | null {
  const live = lines.filter((entry) => entry.line.kind === "deal" && entry.hold.status === "RESERVED").map((entry) => entry.hold.expiresAt!.getTime());
  return live.length > 0 ? new Date(Math.min(...live)) : null;
}

/** The basket as the shopper sees it: every line priced, capped, with its availability and hold (`knownLines`: its lines, when the caller just read them). */
export async function viewBasket(db: Db, basket: Basket, actor: BasketActor, knownLines?: BasketLine[]): Promise<BasketView> {
  const lines = knownLines ?? (await linesOf(db, basket.id));
  const productIds = lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  const facts = await loadBasketFacts(db, {
    basketId: basket.id,
    productIds,
    customerId: basket.customerId ?? actor.customer?.id ?? null,
    countryCode: actor.brand.countryCode,
    now: actor.now,
    lines,
  });
  const evaluated = evaluateLines(lines, facts, { now: actor.now, currency: basket.currency, vip: actor.customer?.vip ?? false });
  return { basket, lines: evaluated, quantity: quantityString(evaluated), reservedUntil: earliestHold(evaluated) };
}
