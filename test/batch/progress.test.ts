import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { formatDuration, formatProgress, formatSummary, progressLine } from "../../src/batch/progress.js";

describe("progress", () => {
  it("shows rows, rate and errors without a known size", () => {
    expect(formatProgress({ rows: 25_000, errors: 0, elapsedMs: 500 })).toBe("25,000 rows  50,000 rows/s");
    expect(formatProgress({ rows: 10, errors: 2, elapsedMs: 1000 })).toBe("10 rows  10 rows/s  2 errors");
  });

  it("shows a bar and the time left when the size is known", () => {
    const line = formatProgress({ rows: 250_000, errors: 0, elapsedMs: 2000, fraction: 0.25 });
    expect(line).toBe(`[${"#".repeat(6)}${".".repeat(18)}]  25%  250,000 rows  125,000 rows/s  ETA 6s`);
  });

  it("groups thousands as en-US does", () => {
    for (const rows of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, 9_876_543_210]) {
      expect(formatProgress({ rows, errors: 0, elapsedMs: 1000 })).toBe(
        `${rows.toLocaleString("en-US")} rows  ${rows.toLocaleString("en-US")} rows/s`,
      );
    }
  });

  it("writes durations for people", () => {
    expect(formatDuration(5.4)).toBe("5s");
    expect(formatDuration(125)).toBe("2m05s");
    expect(formatDuration(7260)).toBe("2h01m");
    expect(formatDuration(Infinity)).toBe("?");
  });

  it("sums up rows, errors and rows per second", () => {
    expect(formatSummary({ rows: 1_000_000, errors: 3, elapsedMs: 2000 })).toBe(
      "scored 1,000,000 rows, 3 errors, in 2.00 s: 500,000 rows/s",
    );
    expect(formatSummary({ rows: 10, errors: 0, elapsedMs: 1000, note: "by the JS engine" })).toBe(
      "scored 10 rows, 0 errors, in 1.00 s: 10 rows/s (by the JS engine)",
    );
  });

  it("redraws in place at most once per interval and clears its line", () => {
    const stream = new PassThrough();
    let text = "";
    stream.on("data", (c) => (text += c));
    const line = progressLine(stream, 1000, 60_000);
    line.update({ rows: 1, errors: 0, bytes: 100 });
    line.update({ rows: 2, errors: 0, bytes: 200 });
    line.update({ rows: 3, errors: 0, bytes: 300 }, true);
    line.clear();
    const draws = text.split("\r").filter((s) => s.includes("rows"));
    expect(draws).toHaveLength(2);
    expect(draws[1]).toContain(" 30%");
    expect(text.endsWith("\r\x1b[K")).toBe(true);
  });
});
