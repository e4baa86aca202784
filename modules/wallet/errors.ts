export const WALLET_ERRORS = {
  INSUFFICIENT_CREDIT: "Your wallet credit has changed. Please check your order and try again.",
} as const;

export class WalletError extends Error {
  constructor(readonly code: keyof typeof WALLET_ERRORS) {
    super(WALLET_ERRORS[code]);
  }
}
