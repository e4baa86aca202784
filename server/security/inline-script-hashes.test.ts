import { describe, expect, it } from "vitest";
import { inlineScriptHashes, withScriptHashes } from "./inline-script-hashes";

describe("inline script hashes", () => {
  it("hash each inline script's exact text once, and skip scripts loaded from a file", () => {
    const html = '<script>alert(1)</script><script type="module">import "/a.js";</script><script src="/b.js"></script><script>alert(1)</script>';
    // The sha256 of "alert(1)", as a browser computes it for the CSP.
    expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
  });

  it("put the hashes in place of the nonce in script-src only", () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc123' https://accounts.google.com/gsi/; style-src 'self' 'unsafe-inline'";
    expect(withScriptHashes(policy, ["'sha256-x'", "'sha256-y'"])).toBe(
      "default-src 'self'; script-src 'sha256-x' 'sha256-y' 'self' https://accounts.google.com/gsi/; style-src 'self' 'unsafe-inline'",
    );
  });
});
