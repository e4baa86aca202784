import { createSign, generateKeyPairSync, type JsonWebKey } from "node:crypto";
import { createLocalJWKSet } from "jose";
import type { GoogleKeys } from "../../modules/accounts/google";

/**
 * A stand-in for Google's signing keys: a real RSA key pair whose public half is served as a
 * local key set (no network), so tests exercise the same RS256 verification as production.
 */
export function googleTestIssuer(kid = "test-key-1") {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...(publicKey.export({ format: "jwk" }) as JsonWebKey), kid, alg: "RS256", use: "sig" };
  const keys: GoogleKeys = createLocalJWKSet({ keys: [jwk] });

  // Signed by hand rather than with jose's SignJWT so a test can forge any header (alg "none", another kid).
  function sign(claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
    const unsigned = `${encode({ alg: "RS256", typ: "JWT", kid, ...header })}.${encode(claims)}`;
    const signature = createSign("RSA-SHA256").update(unsigned).sign(privateKey).toString("base64url");
    return `${unsigned}.${signature}`;
  }

  return { keys, sign };
}
