import { describe, expect, it } from "vitest";
import { daysFromCivil } from "../../../src/runtime/temporal/calendar.js";
import { isValidZone, offsetAtInstant, resolveLocal, standardOffset, zoneFormattersHeld } from "../../../src/runtime/temporal/zones.js";

const day = (y: number, m: number, d: number) => daysFromCivil(y, m, d);

describe("zones", () => {
  it("accepts IANA Region/City ids and rejects the rest", () => {
    for (const z of ["Europe/Paris", "Etc/UTC", "America/Argentina/Buenos_Aires", "Asia/Dhaka", "UTC"]) {
      expect(isValidZone(z)).toBe(true);
    }
    for (const z of ["xyz/abc", "+01:00", "Europe/Nowhere", "", "Europe/Paris/", "../etc"]) {
      expect(isValidZone(z)).toBe(false);
    }
  });

  it("holds one formatter per zone whatever the spellings of its name (requests cannot grow it)", () => {
    const name = "America/Argentina/ComodRivadavia";
    isValidZone(name);
    const before = zoneFormattersHeld();
    // 2,000 of the 2^28 spellings of one name in mixed case, each one a valid zone to ICU
    for (let i = 0; i < 2000; i++) {
      const spelt = [...name].map((c, j) => (((i * 2654435761) >>> j) & 1 ? c.toUpperCase() : c.toLowerCase())).join("");
      expect(isValidZone(spelt)).toBe(true);
      expect(offsetAtInstant(spelt, day(2021, 1, 15), 0)).toBe(offsetAtInstant(name, day(2021, 1, 15), 0));
    }
    expect(zoneFormattersHeld()).toBe(before);
  });

  it("reads offsets with daylight saving time", () => {
    expect(offsetAtInstant("Europe/Paris", day(2021, 1, 15), 0)).toBe(3600);
    expect(offsetAtInstant("Europe/Paris", day(2021, 7, 15), 0)).toBe(7200);
    expect(offsetAtInstant("Australia/Melbourne", day(2021, 1, 15), 0)).toBe(39600);
    expect(offsetAtInstant("Asia/Kolkata", day(2021, 7, 15), 0)).toBe(19800);
  });

  it("uses local mean time long ago and the current rules far ahead", () => {
    // Paris local mean time was +0:09:21
    expect(offsetAtInstant("Europe/Paris", day(1850, 1, 1), 0)).toBe(561);
    expect(offsetAtInstant("Europe/Paris", day(1500, 6, 1), 0)).toBe(561);
    expect(offsetAtInstant("Europe/Paris", day(-2021, 1, 1), 0)).toBe(561);
    expect(offsetAtInstant("Europe/Paris", day(-999_999_999, 1, 1), 0)).toBe(561);
    expect(offsetAtInstant("Europe/Paris", day(999_999_999, 7, 1), 0)).toBe(7200);
    expect(offsetAtInstant("Europe/Paris", day(999_999_999, 12, 1), 0)).toBe(3600);
  });

  it("resolves local times in gaps and overlaps", () => {
    // 2021-03-28 02:30 does not exist in Paris: one hour later, at +02:00
    expect(resolveLocal("Europe/Paris", day(2021, 3, 28), 2.5 * 3600)).toEqual({ offset: 7200, shift: 3600 });
    // 2021-10-31 02:30 happens twice: the first one, at +02:00
    expect(resolveLocal("Europe/Paris", day(2021, 10, 31), 2.5 * 3600)).toEqual({ offset: 7200, shift: 0 });
    expect(resolveLocal("Europe/Paris", day(2021, 10, 31), 3.5 * 3600)).toEqual({ offset: 3600, shift: 0 });
  });

  it("takes the standard offset for a zone's time of day", () => {
    expect(standardOffset("Europe/Paris")).toBe(3600);
    expect(standardOffset("Australia/Sydney")).toBe(36000);
    expect(standardOffset("America/New_York")).toBe(-18000);
  });
});
