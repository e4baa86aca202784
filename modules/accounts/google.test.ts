import { describe, expect, it } from "vitest";
import { googleTestIssuer } from "../../tests/support/google-tokens";
import { ManualClock } from "../../tests/support/manual-clock";
import { verifyGoogleIdToken } from "./google";

const clock = new ManualClock("2026-03-02T10:00:00Z");
const issuer = googleTestIssuer();
const now = Math.floor(clock.now().getTime() / 1000);
const claims = {
  iss: "https://accounts.google.com",
  aud: "client-123.apps.googleusercontent.com",
  sub: "1100220033",
  email: "ann@gmail.com",
  email_verified: true,
  given_name: "Ann",
  family_name: "Smith",
  iat: now - 10,
  exp: now + 3600,
};
const verify = (token: string) => verifyGoogleIdToken(token, { clientId: claims.aud, keys: issuer.keys, clock });

describe("Google ID token verification", () => {
  it("accepts a token signed by Google for our client id", async () => {
    expect(await verify(issuer.sign(claims))).toEqual({
      subject: "1100220033",
      email: "ann@gmail.com",
      emailVerified: true,
      givenName: "Ann",
      familyName: "Smith",
    });
  });

  it.each([
    ["another client id", issuer.sign({ ...claims, aud: "someone-else" })],
    ["another issuer", issuer.sign({ ...claims, iss: "https://evil.example" })],
    ["an expired token", issuer.sign({ ...claims, exp: now - 120 })],
    ["an unknown key", issuer.sign(claims, { kid: "other-key" })],
    ["an unsigned token", issuer.sign(claims, { alg: "none" })],
    ["a signature from another key", `${issuer.sign(claims).split(".").slice(0, 2).join(".")}.${googleTestIssuer().sign(claims).split(".")[2]}`],
    ["garbage", "not.a.token"],
  ])("rejects %s with 'Invalid google token id.'", async (_case, token) => {
    await expect(verify(token)).rejects.toThrow("Invalid google token id.");
  });
});
