import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReservationNotice, reservationAnnouncement } from "./ReservationNotice";

const MINUTE = 60_000;

describe("reservation announcements (one polite live region, meaningful moments only)", () => {
  it("stays quiet while plenty of time is left, then warns at five minutes and at one", () => {
    expect(reservationAnnouncement("RESERVED", 12 * MINUTE, true)).toBe("");
    expect(reservationAnnouncement("RESERVED", 5 * MINUTE, true)).toBe("Less than 5 minutes left on your reservation.");
    expect(reservationAnnouncement("RESERVED", 4 * MINUTE + 59_000, true)).toBe("Less than 5 minutes left on your reservation.");
    expect(reservationAnnouncement("RESERVED", 59_000, true)).toBe("Less than 1 minute left on your reservation.");
  });

  it("announces the expiry and the outcome of reserving again", () => {
    expect(reservationAnnouncement("EXPIRED", 0, true)).toBe("Your items are no longer reserved.");
    expect(reservationAnnouncement("REFRESHED", 0, true)).toBe("Availability confirmed: your items are reserved again.");
    expect(reservationAnnouncement("REFRESHED", 0, false)).toBe("Some items are no longer available.");
  });

  it("renders the live region even before there is anything to say, and no live region inside another", () => {
    for (const phase of ["NONE", "RESERVED", "EXPIRED", "REFRESHED"] as const) {
      const html = renderToString(<ReservationNotice phase={phase} remainingMs={3 * MINUTE} allHeld csrfToken="t" onRefresh={() => {}} />);
      expect(html.match(/role="status"/g)).toHaveLength(1);
      // The status paragraph closes before anything else starts: nothing is nested in it.
      expect(html).toMatch(/^<p role="status"[^>]*>[^<]*<\/p>/);
    }
  });

  it("gives the ticking timer its time in words", () => {
    const html = renderToString(<ReservationNotice phase="RESERVED" remainingMs={14 * MINUTE + 32_000} allHeld csrfToken="t" onRefresh={() => {}} />);
    expect(html).toContain('aria-label="Time left on your reservation: 14 minutes 32 seconds"');
    expect(html).toContain("00:00:14:32");
  });
});
