import { describe, expect, it } from "vitest";
import { content, ok, only, stage, strict } from "./helpers.js";

describe("graph stage", () => {
  it("names a cycle among decisions", () => {
    const r = strict(content({ decisions: { adult: "age >= 18", a: "b + 1", b: "c + 1", c: "a + 1" } }));
    const d = only(r, "graph.cycle");
    expect(d.message).toContain("a → b → c → a");
    expect(d.address).toBe("decisions.a");
    expect(stage(r, "graph").ok).toBe(false);
    expect(r.ir).toBeNull();
  });

  it("reports a decision that reads itself", () => {
    expect(only(strict(content({ decisions: { adult: "adult or age > 1" } })), "graph.cycle").message).toContain("adult → adult");
  });

  it("finds cycles through lets and table input columns", () => {
    const r = strict(
      content({
        decisions: {
          adult: "age >= 18",
          a: { let: { x: "b" }, expr: "x" },
          b: [
            ["a", "=> number"],
            ["-", 1],
          ],
        },
      }),
    );
    expect(only(r, "graph.cycle").message).toMatch(/a → b → a/);
  });

  it("orders decisions topologically, otherwise keeping declaration order", () => {
    const ir = ok(strict(content({ decisions: { total: "sub + tax", adult: "age >= 18", sub: "age * 2", tax: "sub * 0.2" } })));
    expect(ir.decisions.map((d) => d.name)).toEqual(["sub", "tax", "total", "adult"]);
    expect(ir.decisions.find((d) => d.name === "total")!.deps.sort()).toEqual(["sub", "tax"]);
  });

  it("warns about inputs no decision uses", () => {
    const r = strict(content({ inputs: { age: { type: "number", desc: "Age" }, shoe: { type: "number", desc: "Shoe size" } } }));
    const w = only(r, "graph.unused-input");
    expect(w.address).toBe("inputs.shoe");
    expect(r.warnings).toEqual(["inputs.shoe: input `shoe` is not used by any decision"]);
    expect(r.ir).not.toBeNull();
  });

  it("does not treat recursive functions as cycles", () => {
    const r = strict(
      content({
        functions: { fib: { params: { n: "number" }, returns: "number", body: "if n < 2 then n else fib(n - 1) + fib(n - 2)" } },
        decisions: { adult: "fib(age) > 1" },
      }),
    );
    expect(r.ir).not.toBeNull();
  });
});
