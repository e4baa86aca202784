export type MoveDirection = "up" | "down";

export function isMoveDirection(value: unknown): value is MoveDirection {
  return value === "up" || value === "down";
}

/** The ids in their new order once `id` moves one place; null when it is not there or already at that end. */
export function moveInList<T>(ids: readonly T[], id: T, direction: MoveDirection): T[] | null {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  [order[from], order[to]] = [order[to], order[from]];
  return order;
}
