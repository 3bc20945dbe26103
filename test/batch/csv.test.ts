import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvField, parseCsv } from "../../src/batch/csv.js";

describe("parseCsv", () => {
  it("splits records and fields", () => {
    expect(parseCsv("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    expect(parseCsv('name,note\n"Smith, J","said ""hi""\nthen left"\n')).toEqual([
      ["name", "note"],
      ["Smith, J", 'said "hi"\nthen left'],
    ]);
  });

  it("accepts CRLF line ends and a last record without one", () => {
    expect(parseCsv("a,b\r\n1,2\r\n3,4")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(parseCsv(",x,\n")).toEqual([["", "x", ""]]);
    expect(parseCsv("a,")).toEqual([["a", ""]]);
  });

  it("reads back whatever csvField writes", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r", " ", "é") });
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (records) => {
        // A record of one empty field is written as an empty line, which reads as [""]: the same.
        const written = records.map((r) => r.map(csvField).join(",")).join("\n");
        expect(parseCsv(`${written}\n`)).toEqual(records);
      }),
    );
  });
});

describe("csvCell", () => {
  it("writes null as empty, scalars as text, structures as JSON", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell("low")).toBe("low");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell({ x: [1, 2] })).toBe('"{""x"":[1,2]}"');
  });
});
