import { describe, expect, it } from "vitest";
import { afterFailedLogin, CLEARED_LOGIN_FAILURES, isLocked, type LoginFailureState } from "./lockout";

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 10, minutes));

function failTimes(times: number[], start: LoginFailureState = CLEARED_LOGIN_FAILURES): LoginFailureState {
  return times.reduce((state, minute) => afterFailedLogin(state, at(minute)), start);
}

describe("lockout rules", () => {
  it("locks on the fifth wrong password within 30 minutes, for 30 minutes", () => {
    const four = failTimes([0, 1, 2, 3]);
    expect(four).toMatchObject({ failedLoginCount: 4, lockedUntil: null });
    const five = afterFailedLogin(four, at(4));
    expect(five.lockedUntil).toEqual(at(34));
    expect(isLocked(five, at(33))).toBe(true);
    expect(isLocked(five, at(34))).toBe(false);
  });

  it("starts counting again when the earlier failures are older than the window", () => {
    const state = failTimes([0, 1, 2, 3, 40]);
    expect(state).toMatchObject({ failedLoginCount: 1, lockedUntil: null });
  });

  it("counts afresh after a lock ends", () => {
    const locked = failTimes([0, 1, 2, 3, 4]);
    expect(afterFailedLogin(locked, at(40))).toMatchObject({ failedLoginCount: 1, lockedUntil: null });
  });
});
