import { describe, expect, it } from "vitest";
import { didYouMean, editDistance, suggest } from "../../../src/compiler/1-parse/suggest.js";

describe("suggestions", () => {
  it("measures edit distance", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("suggests the closest name within reach, preferring case-only differences", () => {
    expect(suggest("Incme", ["Income", "Outcome"])).toBe("Income");
    expect(suggest("income", ["Income", "incomes"])).toBe("Income");
    expect(suggest("zzz", ["Income"])).toBeUndefined();
    expect(didYouMean("agee", ["age"])).toBe("; did you mean `age`?");
    expect(didYouMean("qqqq", ["age"])).toBe("");
  });
});
