import { describe, expect, it } from "vitest";
import { csvStateReader } from "../../src/batch/csv-state.js";

const schema = {
  type: "object",
  properties: {
    amount: { type: "number" },
    count: { type: ["integer", "null"] },
    member: { type: "boolean" },
    segment: { type: "string", enum: ["a", "b"] },
    address: { type: "object" },
    tags: { type: "array" },
    code: { type: "string" },
  },
};

describe("csvStateReader", () => {
  const read = csvStateReader(["amount", "count", "member", "segment", "address", "tags", "code", "extra"], schema);

  it("reads each cell as its column's schema type", () => {
    expect(read(["12.50", "3", "true", "a", '{"city":"Oslo"}', "[1,2]", "007", "x"])).toEqual({
      amount: 12.5,
      count: 3,
      member: true,
      segment: "a",
      address: { city: "Oslo" },
      tags: [1, 2],
      code: "007",
      extra: "x",
    });
  });

  it("leaves text that does not look like its type as text, for validation to report", () => {
    expect(read(["12,5", "three", "yes", "c", "{oops", "[", "1e3", "2"])).toMatchObject({
      amount: "12,5",
      count: "three",
      member: "yes",
      address: "{oops",
    });
  });

  it("reads exponents and signs in number columns", () => {
    expect(read(["-1.5e3", "+2", "false"])).toEqual({ amount: -1500, count: 2, member: false });
  });

  it("drops empty cells: an empty cell is a missing value", () => {
    expect(read(["", "1"])).toEqual({ count: 1 });
  });
});
