import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce, for the inline scripts the server renders. Only
 * the server knows it (browsers hide nonces from scripts); in the browser it is undefined.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
