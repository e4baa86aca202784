/**
 * Whether a failed statement broke the named unique constraint (SQLSTATE 23505). A check-then-insert
 * cannot stop two transactions that check at the same moment; the constraint does, and this lets
 * the loser be told in words instead of a 500. Both drivers put the code on the error or, through
 * Drizzle's query error, on its cause.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: broken } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return broken === undefined || broken === constraint;
  }
  return false;
}
