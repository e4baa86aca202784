/**
 * What the security review's probe sent: NUL bytes, lone UTF-16 surrogates (as CESU-8 bytes in URLs,
 * as \u escapes in JSON), integers at and beyond 2^31, odd redirect URLs, broken percent-encoding.
 */

/** Values put verbatim into a URL path segment or query value (already percent-encoded). */
export const HOSTILE_URL_VALUES = [
  "%00",
  "a%00b",
  "%ED%A0%80",
  "x%ED%BF%BF",
  "%C0%80",
  "%F0%9F",
  "%",
  "%zz",
  "2147483648",
  "-2147483649",
  "99999999999999999999999",
  "1e400",
  "%2F%2Fevil.example",
  "//evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "/／／x",
  "%2F%EF%BC%8F%EF%BC%8Fx",
];

/** Values put into a JSON body field. */
export const HOSTILE_JSON_VALUES: unknown[] = [
  "a\u0000b",
  "\ud800",
  "x\udfff",
  2147483648,
  -2147483649,
  1e300,
  2 ** 53,
  1.5,
  "2147483648",
  "//evil.example",
  "/\\evil.example",
  "/／／x",
  "",
  {},
  [],
  null,
];
