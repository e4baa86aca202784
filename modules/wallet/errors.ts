import type { BrandId } from "../../lib/brand";
import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

export const WALLET_ERRORS = {
  INSUFFICIENT_CREDIT: { status: 409, message: "Your wallet credit has changed. Please check your order and try again." },
  // The wallet could not be read (the database failed): spec §8 Wallet on the LivingSocial brands
  // (its typo kept), spec §8 Misc on the others.
  LIVING_SOCIAL_WALLET_UNAVAILABLE: { status: 503, message: "An error occured fetching your living-social details." },
  WALLET_UNAVAILABLE: { status: 503, message: "An unexpected error occured, please try again later." },
} as const satisfies ErrorCatalog;

export class WalletError extends errorClassOf(WALLET_ERRORS) {}

/** What a shopper of this brand is told when their wallet cannot be read. */
export function walletUnavailable(brand: BrandId): WalletError {
  return new WalletError(brand === "livingsocial" || brand === "livingsocialie" ? "LIVING_SOCIAL_WALLET_UNAVAILABLE" : "WALLET_UNAVAILABLE");
}
