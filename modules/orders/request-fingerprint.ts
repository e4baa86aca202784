import { createHash } from "node:crypto";

/** JSON with object keys sorted (and undefined left out), so equal requests serialise equally. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => [key, canonical(entry)]),
  );
}

/** A digest of what an order request asks for: a repeat of its idempotency key must ask the same. */
export function requestFingerprint(request: { basketToken: string; details: unknown; payment: unknown; vipRenewal?: boolean }): string {
  const { basketToken, details, payment, vipRenewal } = request;
  // vipRenewal is left out when not sent, so earlier requests keep their digest.
  return createHash("sha256").update(JSON.stringify(canonical({ basketToken, details, payment, vipRenewal }))).digest("hex");
}
