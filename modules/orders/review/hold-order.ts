import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { enqueue } from "../../mail/outbox";
import { type Actor, recordInitialStatus } from "../../states/transition";
import { type FraudSignal, orderReviews } from "../schema";
import { ORDER_REVIEW_PROCESS } from "./order-review-process";
import { orderHeldEmail } from "./review-emails";

/** Puts the order just written in the review queue, in its transaction, and tells the shopper. */
export async function holdOrderForReview(
  tx: Db,
  hold: {
    order: { id: number; brand: Parameters<typeof orderHeldEmail>[0]["brand"]; email: string };
    firstName: string;
    signals: FraudSignal[];
    from: { clientIp: string | null; deviceId: string | null };
    actor: Actor;
    at: Date;
    clock: Clock;
    origin: string;
  },
): Promise<void> {
  const created = await tx
    .insert(orderReviews)
    .values({ orderId: hold.order.id, status: "HELD", signals: hold.signals, ...hold.from, heldAt: hold.at })
    .returning({ id: orderReviews.id, status: orderReviews.status });
  await recordInitialStatus(tx, ORDER_REVIEW_PROCESS, created, {
    actor: hold.actor,
    at: hold.at,
    data: { orderId: hold.order.id, rules: hold.signals.map((signal) => signal.rule) },
  });
  await enqueue(tx, orderHeldEmail({ brand: hold.order.brand, to: hold.order.email, firstName: hold.firstName.trim(), orderId: hold.order.id, origin: hold.origin }), hold.clock);
}
