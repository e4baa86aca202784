import { type Currency, formatMoney } from "../../lib/money";
import { PROMO_MESSAGES, type PromoProblem } from "./errors";
import type { promoCodes } from "./schema";

export type PromoCode = typeof promoCodes.$inferSelect;

export interface PromoLine {
  subCategoryId: number;
  /** What the line's items cost (unit price × quantity, no postage). */
  itemsTotal: number;
}

export type PromoResult =
  | { applicable: true; code: string; discount: number; message: string }
  | { applicable: false; code: string; problem: PromoProblem; message: string };

export interface PromoUsage {
  total: number;
  byCustomer: number;
}

function rejected(code: string, problem: PromoProblem, message: string = PROMO_MESSAGES[problem]): PromoResult {
  return { applicable: false, code, problem, message };
}

/**
 * Whether a promo code applies to a basket and how much it takes off: a percentage (rounded down)
 * or a fixed amount, of the items in its sub-category scope (all items without a scope), never
 * more than those items cost.
 */
export function evaluatePromo(
  code: string,
  promo: PromoCode | null,
  context: { now: Date; signedIn: boolean; currency: Currency; lines: readonly PromoLine[]; usage: PromoUsage },
): PromoResult {
  if (!context.signedIn) return rejected(code, "LOGIN_REQUIRED");
  if (!promo || promo.startsAt.getTime() > context.now.getTime()) return rejected(code, "INVALID");
  if (promo.endsAt.getTime() <= context.now.getTime()) return rejected(code, "EXPIRED");
  if (promo.maxUses !== null && context.usage.total >= promo.maxUses) return rejected(code, "ALREADY_USED");
  if (promo.maxUsesPerCustomer !== null && context.usage.byCustomer >= promo.maxUsesPerCustomer) return rejected(code, "ALREADY_USED_BY_YOU");
  const eligible = context.lines.filter((line) => promo.subCategoryId === null || line.subCategoryId === promo.subCategoryId);
  if (eligible.length === 0) return rejected(code, "NOT_APPLICABLE");
  const base = eligible.reduce((sum, line) => sum + line.itemsTotal, 0);
  if (base < promo.minimumSpend) {
    return rejected(code, "NOT_ELIGIBLE", PROMO_MESSAGES.NOT_ELIGIBLE.replace("###minimum###", formatMoney(promo.minimumSpend, context.currency)));
  }
  const discount = promo.kind === "percentage" ? Math.floor((base * promo.value) / 100) : Math.min(promo.value, base);
  const saving = promo.kind === "percentage" ? `${promo.value}% off` : `${formatMoney(discount, context.currency)} off`;
  return { applicable: true, code: promo.code, discount, message: `Promo code ${promo.code.toUpperCase()} applied: ${saving}` };
}
