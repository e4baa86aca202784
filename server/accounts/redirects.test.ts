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
    expect(safeLocalPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    const unsafe = ["//evil.example", "https://evil.example", "/\\evil.example", "/\t/evil.example", "/a\u0000b", "/\ud800", "javascript:alert(1)", "", "wishlist"];
    for (const value of [...unsafe, "/a\nb", "/a\\b", 42, null]) {
      expect(safeLocalPath(value)).toBeNull();
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
  });
});
