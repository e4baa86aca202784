import { describe, expect, it } from "vitest";
import { ResponseCookieJar } from "../security/cookies";
import { safeLocalPath, signInDestination } from "./redirects";

function jar(cookies: string) {
  return new ResponseCookieJar(cookies, false);
}

describe("sign-in redirects", () => {
  it("only ever goes to a path on this site", () => {
    expect(safeLocalPath("/wishlist?page=2")).toBe("/wishlist?page=2");
    // Look-alike slashes stay part of the path, encoded so a Location header can carry them.
    expect(safeLocalPath("/／／evil.example")).toBe("/%EF%BC%8F%EF%BC%8Fevil.example");
    // Dot segments are resolved before the check, and what they leave must still be a local path.
    expect(safeLocalPath("/deals/../wishlist")).toBe("/wishlist");
    expect(safeLocalPath("/search?q=a%2Fb#top")).toBe("/search?q=a%2Fb#top");
    const unsafe = ["//evil.example", "https://evil.example", "/\\evil.example", "/\t/evil.example", "/a\u0000b", "/\ud800", "javascript:alert(1)", "", "wishlist"];
    for (const value of [...unsafe, "/a\nb", "/a\\b", 42, null]) {
      expect(safeLocalPath(value)).toBeNull();
    }
  });

  it("refuses paths that become another host once normalised or decoded", () => {
    const hostile = [
      "/..//evil.example",
      "/../..//evil.example/x?y#z",
      "/.//evil.example",
      "/a/../..//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example",
      "/.%2e//evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/..%2F/evil.example",
      "/%5Cevil.example",
      "/%5c%5cevil.example",
      "/..\\/evil.example",
      "/\\/evil.example",
      "/..//\\evil.example",
      "/\r\n//evil.example",
      "/\u0000//evil.example",
      "/\u007f//evil.example",
      "/\u001b//evil.example",
      "/ \t//evil.example",
      "/.\t.//evil.example",
      "///evil.example",
      "http:evil.example",
      "\\\\evil.example",
      " //evil.example",
    ];
    for (const value of hostile) {
      expect(safeLocalPath(value), JSON.stringify(value)).toBeNull();
    }
    // Whatever is allowed is a path a browser keeps on this site.
    for (const value of ["/..", "/../wishlist", "/%2e%2e/wishlist", "/a/./b/../c"]) {
      const path = safeLocalPath(value);
      expect(path, value).toMatch(/^\/(?![/\\])/);
      expect(new URL(path!, "https://www.dealwise.example").origin).toBe("https://www.dealwise.example");
    }
  });

  it("prefers the stored local redirect, then the redirect URL, then the post-login URL, then the default", () => {
    const all = jar("local_redirect=%2Fmyaccount%2Fprofile; post_login_url=%2Fcheckout");
    expect(signInDestination(all, "/wishlist", "/")).toBe("/myaccount/profile");
    // The stored redirect is used once.
    expect(all.setCookieHeaders().some((header) => header.startsWith("local_redirect=;"))).toBe(true);
    expect(signInDestination(jar("post_login_url=%2Fcheckout"), "/wishlist", "/")).toBe("/wishlist");
    expect(signInDestination(jar("post_login_url=%2Fcheckout"), undefined, "/")).toBe("/checkout");
    expect(signInDestination(jar(""), "https://evil.example", "/deals/london")).toBe("/deals/london");
    expect(signInDestination(jar("local_redirect=%2F..%2F%2Fevil.example"), "/..//evil.example", "/")).toBe("/");
  });
});
