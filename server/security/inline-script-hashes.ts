import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP hash sources (`'sha256-…'`) of a page's inline scripts: what a stored page's header
 * allows instead of the nonce of the response that rendered it, so a cached page can be answered
 * with its stored bytes and still run no script the shop did not write.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy with its script nonce replaced by these hash sources (and any nonce attribute made moot). */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  return policy.replace(/\s*'nonce-[^']*'/g, "").replace(/(^|;\s*)script-src\b/, `$1script-src ${hashes.join(" ")}`.trimEnd());
}
