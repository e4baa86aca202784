import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { rateLimitCounters } from "./schema";

export interface RateLimitRule {
  /** What is counted, e.g. `login:ip:203.0.113.9` or `login:account:ann@example.com`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit against a fixed window and says whether it is within the limit. One atomic
 * upsert, so instances sharing the database share the counters and concurrent hits all count.
 */
export async function consumeRateLimit(db: Db, clock: Clock, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const expired = sql`${rateLimitCounters.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key: rule.key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowStartedAt: rateLimitCounters.windowStartedAt });
  if (counter.hits <= rule.limit) return { allowed: true };
  const windowEnds = counter.windowStartedAt.getTime() + rule.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)) };
}

/** Forgets the hits counted against these keys (a sign-in that succeeded clears its account's count). */
export async function clearRateLimits(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, [...keys]));
}

/**
 * Checks several rules (per IP and per account, say) and reports the longest wait among those
 * exceeded. Every rule counts the hit, so an attacker cannot spread attempts to dodge one.
 */
export async function consumeRateLimits(db: Db, clock: Clock, rules: readonly RateLimitRule[]): Promise<RateLimitResult> {
  let wait = 0;
  for (const rule of rules) {
    const result = await consumeRateLimit(db, clock, rule);
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds);
  }
  return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
}

/**
 * Says whether any rule's count has reached its limit in the current window, without counting a
 * hit: for failures that are recorded only once they happen (a wrong guess, a declined card).
 */
export async function peekRateLimits(db: Db, clock: Clock, rules: readonly RateLimitRule[]): Promise<RateLimitResult> {
  if (rules.length === 0) return { allowed: true };
  const now = clock.now().getTime();
  const counters = await db
    .select()
    .from(rateLimitCounters)
    .where(inArray(rateLimitCounters.key, rules.map((rule) => rule.key)));
  let wait = 0;
  for (const rule of rules) {
    const counter = counters.find((row) => row.key === rule.key);
    const windowEnds = counter ? counter.windowStartedAt.getTime() + rule.windowSeconds * 1000 : 0;
    if (counter && counter.hits >= rule.limit && windowEnds > now) wait = Math.max(wait, Math.ceil((windowEnds - now) / 1000));
  }
  return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
}

/** Deletes counters whose window ended long ago (they would restart at 1 anyway). */
export async function pruneRateLimits(db: Db, clock: Clock, olderThanSeconds = 86_400): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - olderThanSeconds * 1000);
  const removed = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStartedAt, cutoff)).returning({ key: rateLimitCounters.key });
  return removed.length;
}
