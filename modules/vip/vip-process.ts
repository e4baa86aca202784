import { defineProcess } from "../states/transition";
import { type VipStatus, vipMemberships } from "./schema";

/**
 * A VIP membership's life (spec §4 VIP; docs/decisions/vip-lifecycle.md):
 * - NOT_CHECKED → ELIGIBLE once the customer's status is looked up, or → ACTIVE on a first opt-in.
 * - ELIGIBLE → ACTIVE when they opt in (free trial or paid year) or buy the VIP year.
 * - ACTIVE → RENEW when the renewal charge fails (still a member until the period ends, with a
 *   way to pay); ACTIVE → ELIGIBLE when the period ends without a renewal (renewal cancelled, or a
 *   former VIP's refund).
 * - RENEW → ACTIVE when the shopper pays; RENEW → ELIGIBLE when the period ends unpaid.
 * A successful renewal keeps ACTIVE and is recorded as a same-state event (recordStatusEvent).
 */
export const VIP_PROCESS = defineProcess<VipStatus>({
  aggregate: "vip_membership",
  table: vipMemberships,
  initial: ["NOT_CHECKED", "ELIGIBLE", "ACTIVE"],
  transitions: {
    NOT_CHECKED: ["ELIGIBLE", "ACTIVE"],
    ELIGIBLE: ["ACTIVE"],
    ACTIVE: ["RENEW", "ELIGIBLE"],
    RENEW: ["ACTIVE", "ELIGIBLE"],
  },
});
