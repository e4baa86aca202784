import type { BrandId } from "../../lib/brand";
import { errorCatalogue, errorClassOf } from "../../lib/errors";

export const WALLET_ERRORS = errorCatalogue({
  409: {
    INSUFFICIENT_CREDIT: "Your wallet credit has changed. Please check your order and try again.",
  },
  503: {
    // The wallet could not be read (the database failed): spec §8 Wallet on the LivingSocial brands
    // (its typo kept), spec §8 Misc on the others.
    LIVING_SOCIAL_WALLET_UNAVAILABLE: "An error occured fetching your living-social details.",
    WALLET_UNAVAILABLE: "An unexpected error occured, please try again later.",
  },
});

export class WalletError extends errorClassOf(WALLET_ERRORS) {}

/** What a shopper of this brand is told when their wallet cannot be read. */
export function walletUnavailable(brand: BrandId): WalletError {
  return new WalletError(brand === "livingsocial" || brand === "livingsocialie" ? "LIVING_SOCIAL_WALLET_UNAVAILABLE" : "WALLET_UNAVAILABLE");
}
