import { describe, expect, it } from "vitest";
import { impossibleDateTimeReason, isCalendarDate } from "./calendar";

describe("isCalendarDate", () => {
  it.each(["2024-02-29", "2000-02-29", "2026-12-31", "2026-04-30"])("accepts %s", (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });

  it.each(["2026-02-30", "2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-1"])("refuses %s", (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });
});

describe("impossibleDateTimeReason", () => {
  it("accepts real instants with and without an offset", () => {
    expect(impossibleDateTimeReason("2025-10-12T10:30:45.123Z")).toBeNull();
    expect(impossibleDateTimeReason("2024-02-29 23:59:59+05:30")).toBeNull();
    expect(impossibleDateTimeReason("2025-10-12T10:30")).toBeNull();
  });

  it("names what is impossible", () => {
    expect(impossibleDateTimeReason("2026-02-30T10:00:00Z")).toBe("2026-02-30 is not a day of the calendar");
    expect(impossibleDateTimeReason("2026-02-10T24:00:00Z")).toBe("the time of day is out of range");
    expect(impossibleDateTimeReason("2026-02-10T10:60Z")).toBe("the time of day is out of range");
    expect(impossibleDateTimeReason("2026-02-10T10:00:00+24:00")).toBe("the UTC offset is out of range");
  });
});
