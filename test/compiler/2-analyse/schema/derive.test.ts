import { describe, expect, it } from "vitest";
import { analyseModel } from "../../../../src/compiler/2-analyse/index.js";

/** The schema of one input of the given type spec. */
function schemaOf(type: unknown, extra: Record<string, unknown> = {}, strict = true): Record<string, unknown> {
  const r = analyseModel({ name: "m", inputs: { x: { type, desc: "The x", ...extra } }, decisions: { d: "x" } }, { strict });
  if (!r.ir) throw new Error(JSON.stringify(r.diagnostics));
  return (r.input.properties as Record<string, Record<string, unknown>>).x!;
}

describe("deriveInputSchema", () => {
  it("is a 2020-12 object schema that allows extra keys and requires every non-blank input", () => {
    const r = analyseModel(
      {
        name: "m",
        inputs: { a: { type: "number", desc: "A" }, b: { type: "string", desc: "B", blank: true } },
        decisions: { d: "a + string length(b)" },
      },
      { strict: true },
    );
    expect(r.input).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      required: ["a"],
      additionalProperties: true,
    });
  });

  it.each([
    ["number", { type: "number" }],
    ["string", { type: "string" }],
    ["boolean", { type: "boolean" }],
    ["date", { type: "string", format: "date" }],
    ["time", { type: "string", format: "time" }],
    ["date and time", { type: "string", format: "date-time" }],
    ["number [0..100]", { type: "number", minimum: 0, maximum: 100 }],
    ["number > 0", { type: "number", exclusiveMinimum: 0 }],
    ["number (0..1]", { type: "number", exclusiveMinimum: 0, maximum: 1 }],
    ["number < -1", { type: "number", exclusiveMaximum: -1 }],
    ['string "a","b"', { type: "string", enum: ["a", "b"] }],
    ["a|b c", { type: "string", enum: ["a", "b c"] }],
    ["low<mid<high", { type: "string", enum: ["low", "mid", "high"] }],
    [["number"], { type: "array", items: { type: "number" } }],
  ])("maps %j", (type, expected) => {
    expect(schemaOf(type)).toEqual({ description: "The x", ...expected });
  });

  it("maps structs to objects with every field required", () => {
    expect(schemaOf({ name: "string", tags: ["a|b"] })).toEqual({
      description: "The x",
      type: "object",
      properties: { name: { type: "string" }, tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } },
      required: ["name", "tags"],
    });
  });

  it("maps lenient durations and any", () => {
    expect(schemaOf("days and time duration", {}, false)).toMatchObject({ type: "string", format: "duration" });
    expect(schemaOf("years and months duration", {}, false)).toMatchObject({ type: "string", format: "duration" });
    expect(schemaOf("any", {}, false)).toEqual({ description: "The x" });
  });

  it("makes blank inputs nullable, enums included", () => {
    expect(schemaOf("number", { blank: true })).toEqual({ description: "The x", type: ["number", "null"] });
    expect(schemaOf("a|b", { blank: true })).toEqual({ description: "The x", type: ["string", "null"], enum: ["a", "b", null] });
  });
});
