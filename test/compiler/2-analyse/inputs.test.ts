import { describe, expect, it } from "vitest";
import { codes, content, lenient, ok, only, stage, strict } from "./helpers.js";

describe("inputs", () => {
  it("strict mode requires desc; lenient does not", () => {
    const c = content({ inputs: { age: { type: "number" } } });
    const d = only(strict(c), "input.desc-missing");
    expect(d.address).toBe("inputs.age");
    expect(d.severity).toBe("error");
    expect(stage(strict(c), "parse").ok).toBe(false);
    expect(ok(lenient(c)).inputs[0]!.desc).toBe("");
  });

  it("requires a type", () => {
    expect(only(strict(content({ inputs: { age: { desc: "Age" } } })), "input.type-missing").address).toBe("inputs.age");
  });

  it("reads options, from, threshold and blank", () => {
    const ir = ok(
      strict(
        content({
          inputs: {
            age: { type: "number", desc: "Age" },
            tier: {
              type: "gold|silver",
              desc: "Tier",
              options: { gold: "best", silver: "good" },
              from: "profile",
              threshold: 0.8,
              blank: true,
            },
          },
          decisions: { adult: "age >= 18", vip: 'tier = "gold"' },
        }),
      ),
    );
    expect(ir.inputs[1]).toMatchObject({
      name: "tier",
      options: { gold: "best", silver: "good" },
      from: "profile",
      threshold: 0.8,
      blank: true,
    });
    expect(ir.inputs[0]!.blank).toBe(false);
  });

  it("rejects option keys that are not values of the type", () => {
    const r = strict(
      content({
        inputs: {
          age: { type: "number", desc: "Age" },
          tier: { type: "gold|silver", desc: "Tier", options: { gold: "best", platinum: "?" } },
        },
        decisions: { adult: "age >= 18", vip: 'tier = "gold"' },
      }),
    );
    const d = only(r, "input.option-unknown");
    expect(d.address).toBe("inputs.tier.options.platinum");
    expect(d.message).toContain("platinum");
  });

  it("rejects options on a non-choice type and a threshold outside 0..1", () => {
    const r = strict(content({ inputs: { age: { type: "number", desc: "Age", options: { a: "b" }, threshold: 1.5 } } }));
    expect(codes(r)).toEqual(expect.arrayContaining(["input.options-invalid", "input.threshold-invalid"]));
    expect(only(r, "input.threshold-invalid").address).toBe("inputs.age.threshold");
  });

  it("warns about unknown keys with a suggestion", () => {
    const r = strict(content({ inputs: { age: { type: "number", desc: "Age", blnk: true } } }));
    const w = only(r, "input.unknown-key");
    expect(w.severity).toBe("warning");
    expect(w.message).toContain("did you mean `blank`?");
    expect(r.warnings).toContain(`inputs.age.blnk: ${w.message}`);
  });

  it("lenient mode accepts a bare type as an input", () => {
    const ir = ok(lenient(content({ inputs: { age: "number" } })));
    expect(ir.inputs[0]!.type).toEqual({ kind: "number" });
    expect(codes(strict(content({ inputs: { age: "number" } })))).toContain("input.shape");
  });
});
