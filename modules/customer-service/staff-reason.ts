import { customerServiceError } from "./errors";

export const REASON_LIMIT = 500;

/** The reason staff give when money or access changes: required, kept in the audit trail. */
export function staffReason(text: string): string {
  const reason = text.trim();
  if (!reason) throw customerServiceError("REASON_REQUIRED");
  if (reason.length > REASON_LIMIT) throw customerServiceError("REASON_TOO_LONG");
  return reason;
}
