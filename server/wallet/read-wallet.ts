import { DomainError } from "../../lib/errors";
import { type WalletError, walletUnavailable } from "../../modules/wallet/errors";
import type { RequestServices } from "../context";

export type WalletRead<T> = { ok: true; value: T } | { ok: false; error: WalletError };

/**
 * Reads the signed-in shopper's wallet for a page or the API. When the read itself fails (the
 * database does not answer or errs), the failure is logged and the shopper gets the brand's
 * wallet message (spec §8 Wallet on LivingSocial) instead of a bare error page; domain errors
 * pass through as they are.
 */
export async function readWallet<T>(services: Pick<RequestServices, "brand" | "log">, read: () => Promise<T>): Promise<WalletRead<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    services.log.error({ err: error }, "reading the wallet failed");
    return { ok: false, error: walletUnavailable(services.brand.id) };
  }
}
