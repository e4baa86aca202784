/** Why goods come back: a fixed list, so merchants and reports read the same words. */
export const RETURN_REASONS = {
  CHANGED_MIND: "I changed my mind",
  FAULTY: "The item is faulty or damaged",
  NOT_AS_DESCRIBED: "The item is not as described",
  WRONG_ITEM: "I received the wrong item",
  ARRIVED_LATE: "The item arrived too late",
  OTHER: "Another reason (please tell us below)",
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

/** The most a shopper may write in the comments of a return. */
export const RETURN_COMMENTS_MAX = 500;

export function isReturnReason(value: string): value is ReturnReason {
  return Object.hasOwn(RETURN_REASONS, value);
}
