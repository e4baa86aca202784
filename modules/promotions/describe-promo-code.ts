import type { Currency } from "../../lib/money";
import { formatMoney } from "../../lib/money";
import type { PromoKind } from "./schema";

/**
 * A promo code's terms in one sentence, as staff preview them before saving ("20% off orders of
 * £30.00 or more, once per shopper, 500 uses in all"). Dates are shown beside it by the page.
 */
export function describePromoCode(
  terms: { kind: PromoKind; value: number; minimumSpend: number; subCategoryName?: string | null; maxUses: number | null; maxUsesPerCustomer: number | null },
  currency: Currency,
): string {
  const off = terms.kind === "percentage" ? `${terms.value}% off` : `${formatMoney(terms.value, currency)} off`;
  const scope = terms.subCategoryName ? ` ${terms.subCategoryName} deals` : " the basket";
  const minimum = terms.minimumSpend > 0 ? ` when the basket's eligible items come to ${formatMoney(terms.minimumSpend, currency)} or more` : "";
  const perShopper =
    terms.maxUsesPerCustomer === null ? ", as often as a shopper likes" : terms.maxUsesPerCustomer === 1 ? ", once per shopper" : `, ${terms.maxUsesPerCustomer} times per shopper`;
  const overall = terms.maxUses === null ? ", no limit in all" : `, ${terms.maxUses.toLocaleString("en-GB")} uses in all`;
  return `${off}${scope}${minimum}${perShopper}${overall}.`;
}
