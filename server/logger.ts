import pino, { type DestinationStream, type Logger } from "pino";

const REDACTED = "[redacted]";

/**
 * Fields that must never reach a log line, wherever a log call puts them (up to two levels deep,
 * and in request headers): passwords, tokens, cookies, authorization headers and card data.
 */
const SECRET_FIELDS = [
  "password",
  "confirmPassword",
  "currentPassword",
  "newPassword",
  "passwordHash",
  "token",
  "customerToken",
  "csrfToken",
  "idToken",
  "nonce",
  "cookie",
  "authorization",
  "number",
  "cardNumber",
  "securityCode",
  "expiry",
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.flatMap((field) => [`*.${field}`, `*.*.${field}`]),
  ...["cookie", "authorization", "set-cookie", "x-csrf-token"].flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

/** The text drizzle appends to a failed query's message: `params: a,b,c`, up to the stack frames. */
const PARAMS_IN_MESSAGE = /(\nparams: )[\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;
// Shorter values (ids, flags, counts) are no secret, and replacing them would garble the stack.
const MIN_SECRET_LENGTH = 4;

/** String parameters of every failed query in the error and its causes. */
function queryParameters(error: unknown): string[] {
  const found: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) {
      for (const value of params) {
        const text = typeof value === "string" ? value : value !== null && typeof value === "object" ? JSON.stringify(value) : "";
        if (text.length >= MIN_SECRET_LENGTH) found.push(text);
      }
    }
  }
  return found;
}

/**
 * pino's error serializer, minus a failed query's parameters (emails, password hashes, tokens): not
 * the `params` list, not drizzle's `params:` line, not a value PostgreSQL repeats in its message
 * (`invalid input syntax …: "value"`) and not PostgreSQL's `detail` (`Key (email)=(…)`).
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const secrets = queryParameters(error);
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  delete serialized.params;
  if ("detail" in serialized) serialized.detail = REDACTED;
  for (const [field, value] of Object.entries(serialized)) {
    if (typeof value !== "string") continue;
    let text = value.replace(PARAMS_IN_MESSAGE, `$1${REDACTED}`);
    for (const secret of secrets) text = text.replaceAll(secret, REDACTED);
    serialized[field] = text;
  }
  return serialized;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "dealwise" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      serializers: { err: serializeError },
    },
    destination,
  );
}
