// Inputs named like what every JavaScript object inherits (`constructor`, `__proto__`,
// `toString`...) are names like any other: a state without them lacks them, one with them gives
// them — in the compiler's validation and evaluation, and in a package's.
import { describe, expect, it } from "vitest";
import { compileModel } from "../../../src/compiler/index.js";
import { installPackage, runNode, tempDir } from "../6-package/helpers.js";

const NAMES = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"];

const compiled = (() => {
  const inputs = Object.fromEntries(NAMES.map((n) => [n, { type: "number", desc: `the ${n}` }]));
  const r = compileModel({
    content: { name: "prototype names", inputs, decisions: { total: { type: "number", expr: NAMES.join(" + ") } } },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model;
})();

/** A state with the given names as own properties (JSON.parse makes `__proto__` an own key). */
const stateWith = (names: string[]) => JSON.parse(`{${names.map((n, i) => `"${n}": ${i + 1}`).join(", ")}}`) as Record<string, unknown>;

describe("inputs named like inherited properties", () => {
  it("a state without them reports each as missing", () => {
    const result = compiled.validate({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const n of NAMES) expect(result.errors).toContainEqual(expect.objectContaining({ address: `inputs.${n}`, code: "state.missing" }));
  });

  it("each one missing alone is reported alone", () => {
    for (const missing of NAMES) {
      const result = compiled.validate(stateWith(NAMES.filter((n) => n !== missing)));
      expect(result.ok ? [] : result.errors.map((e) => `${e.address} ${e.code}`)).toEqual([`inputs.${missing} state.missing`]);
    }
  });

  it("a state with them validates and evaluates with their values", () => {
    const state = stateWith(NAMES);
    expect(compiled.validate(state)).toEqual({ ok: true });
    expect(compiled.evaluate(state).total).toBe((NAMES.length * (NAMES.length + 1)) / 2);
  });

  it("evaluation never reads an inherited member as an input", () => {
    expect(compiled.evaluate({}).total).toBeNull();
  });

  it("a package validates them the same way", async () => {
    const dir = tempDir("pdm-proto-");
    await installPackage(compiled, dir, { name: "proto" });
    const out = runNode(
      dir,
      "check.mjs",
      `
      import { validate } from "proto";
      const names = ${JSON.stringify(NAMES)};
      const full = JSON.parse(${JSON.stringify(JSON.stringify(stateWith(NAMES)))});
      console.log(JSON.stringify({ empty: validate({}), full: validate(full) }));`,
    ) as { empty: { ok: boolean; errors: { address: string; code: string }[] }; full: { ok: boolean } };
    expect(out.full).toEqual({ ok: true });
    expect(out.empty.ok).toBe(false);
    expect(out.empty.errors.map((e) => e.address).sort()).toEqual(NAMES.map((n) => `inputs.${n}`).sort());
  });
});
