import { expireMemberships, VIP_EXPIRE_JOB } from "../../modules/vip/expire-memberships";
import { remindRenewals, VIP_REMIND_RENEWAL_JOB } from "../../modules/vip/remind-renewal";
import { renewDueMemberships, VIP_RENEW_JOB } from "../../modules/vip/renew-membership";
import type { RequestServices } from "../context";
import { renewalServices } from "./membership-services";

export type VipJobName = typeof VIP_REMIND_RENEWAL_JOB | typeof VIP_RENEW_JOB | typeof VIP_EXPIRE_JOB;

/**
 * The development tools' run of a VIP job (POST /v1/dev/run-job): at this browser's clock, for the
 * signed-in shopper only. Answers how many reminders were queued, renewals charged (or failed),
 * or memberships ended.
 */
export async function runVipDevJob(services: Pick<RequestServices, "db" | "clock" | "publicOrigin" | "log" | "adapters">, name: VipJobName, customerId: number): Promise<number> {
  const now = services.clock.now();
  if (name === VIP_REMIND_RENEWAL_JOB) return remindRenewals(services.db, { now, customerId, linkOrigin: () => services.publicOrigin });
  if (name === VIP_RENEW_JOB) {
    const counts = await renewDueMemberships(services.db, renewalServices(services), { now, customerId });
    return counts.renewed + counts.failed;
  }
  return expireMemberships(services.db, { now, customerId });
}
