import type { reviews } from "../modules/catalog/schema";
import { FIRST_NAMES, REVIEW_SENTENCES } from "./data/words";
import type { Random } from "./random";
import { capitalise, fill } from "./text";

export type NewReview = typeof reviews.$inferInsert;

export const MAX_REVIEWS_PER_DEAL = 12;
const RATINGS = [5, 4, 3, 2, 1] as const;
/** Deal sites skew positive: half the reviews are five stars. */
const RATING_WEIGHTS = [50, 28, 12, 5, 5];
const INITIALS = [..."ABCDEFGHJKLMNOPRSTW"];

export interface ReviewInput {
  dealId: number;
  noun: string;
  /** How much the deal would sell: a deal with little demand draws few reviews. */
  demand: number;
  /** Reviews are written between these instants (ms since the epoch). */
  from: number;
  to: number;
}

export interface DealReviews {
  rows: NewReview[];
  /** Mean rating to two decimals, or null without reviews: what deals.review_average holds. */
  average: number | null;
}

export function generateReviews(rng: Random, input: ReviewInput): DealReviews {
  const count = Math.min(input.demand, rng.int(0, MAX_REVIEWS_PER_DEAL));
  const rows: NewReview[] = [];
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const rating = RATINGS[rng.weightedIndex(RATING_WEIGHTS)];
    sum += rating;
    const sentences = rng.sample(REVIEW_SENTENCES[rating], rng.int(1, 2));
    const span = Math.max(0, input.to - input.from);
    rows.push({
      dealId: input.dealId,
      rating,
      authorName: `${rng.pick(FIRST_NAMES)} ${rng.pick(INITIALS)}.`,
      body: sentences.map((sentence) => capitalise(fill(sentence, { noun: input.noun }))).join(" "),
      createdAt: new Date(input.from + Math.floor(rng.next() * span)),
    });
  }
  return { rows, average: count === 0 ? null : Math.round((sum * 100) / count) / 100 };
}
