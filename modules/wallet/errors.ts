import { DomainError, type ErrorCatalog } from "../../lib/errors";

export const WALLET_ERRORS = {
  INSUFFICIENT_CREDIT: { status: 409, message: "Your wallet credit has changed. Please check your order and try again." },
} as const satisfies ErrorCatalog;

export class WalletError extends DomainError {
  declare readonly code: keyof typeof WALLET_ERRORS;

  constructor(code: keyof typeof WALLET_ERRORS) {
    super(code, WALLET_ERRORS[code].status, WALLET_ERRORS[code].message);
  }
}
