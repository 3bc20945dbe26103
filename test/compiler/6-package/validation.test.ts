// Packages and `-o` modules validate by default: for random states that break the input schema,
// every entry that takes a state throws InvalidStateError naming each offending input with the
// compiler's (the service's) messages; for random valid states the checked entries agree with
// `evaluateUnchecked` and the compiler. Both artefacts export the same names.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { standaloneModule } from "../../../src/compiler/6-package/bundle.js";
import { declarations } from "../../../src/compiler/6-package/dts.js";
import { readme } from "../../../src/compiler/6-package/readme.js";
import { arbitraryFor } from "../../support/arbitrary-state.js";
import { compileSample, installPackage, SAMPLES, tempDir } from "./helpers.js";

type Schema = Record<string, unknown>;
type Api = Record<string, any>;

/** The ways one input can break its schema: each gives a replacement value, or undefined to leave it out. */
function breakages(schema: Schema, required: boolean): fc.Arbitrary<{ value: unknown } | undefined>[] {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const nullable = types.includes("null");
  const ways: fc.Arbitrary<{ value: unknown } | undefined>[] = [];
  if (required) ways.push(fc.constant(undefined));
  if (!nullable && !Array.isArray(schema.enum)) ways.push(fc.constant({ value: null }));
  if (types.includes("number") || types.includes("integer")) {
    ways.push(fc.constantFrom({ value: "12" }, { value: true }, { value: [1] }, { value: NaN }, { value: Infinity }, { value: -Infinity }));
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    // below the minimum or above the maximum (-0 is not below 0)
    if (minimum !== undefined)
      ways.push(
        fc
          .double({ max: minimum, noNaN: true, noDefaultInfinity: true })
          .filter((v) => v < minimum)
          .map((value) => ({ value })),
      );
    if (maximum !== undefined)
      ways.push(
        fc
          .double({ min: maximum, noNaN: true, noDefaultInfinity: true })
          .filter((v) => v > maximum)
          .map((value) => ({ value })),
      );
    if (typeof schema.exclusiveMinimum === "number") ways.push(fc.constant({ value: schema.exclusiveMinimum }));
  } else if (types.includes("string") || Array.isArray(schema.enum)) {
    ways.push(fc.constantFrom({ value: 7 }, { value: false }, { value: { a: 1 } }));
    if (Array.isArray(schema.enum)) ways.push(fc.constant({ value: "no such option" }));
    if (typeof schema.format === "string") ways.push(fc.constant({ value: "not a date at all" }));
  } else if (types.includes("boolean")) {
    ways.push(fc.constantFrom({ value: "yes" }, { value: 1 }));
  } else {
    ways.push(fc.constantFrom({ value: "text" }, { value: 3 }));
  }
  return ways;
}

/** A valid state with a non-empty set of its inputs broken, and the names of the broken inputs. */
function invalidStates(schema: Schema): fc.Arbitrary<{ state: Record<string, unknown>; broken: string[] }> {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(props);
  const change = fc.tuple(...names.map((n) => fc.option(fc.oneof(...breakages(props[n]!, required.has(n))), { nil: null })));
  return fc
    .tuple(arbitraryFor(schema) as fc.Arbitrary<Record<string, unknown>>, change)
    .map(([valid, changes]) => {
      const state = { ...valid };
      const broken: string[] = [];
      changes.forEach((c, i) => {
        if (c === null) return;
        const name = names[i]!;
        broken.push(name);
        if (c === undefined) delete state[name];
        else state[name] = c.value;
      });
      return { state, broken };
    })
    .filter(({ broken }) => broken.length > 0);
}

/** What an entry throws, as data; a value when it does not throw. */
function outcome(f: () => unknown): unknown {
  try {
    return { returned: f() };
  } catch (e) {
    const err = e as { name: string; issues: unknown[] };
    return { name: err.name, issues: err.issues };
  }
}

const STATE_ENTRIES = ["evaluate", "evaluateTraced", "explain", "answers"] as const;

describe.each(SAMPLES)("validation in the package and the -o module of %s", (sample) => {
  const model = compileSample(sample);
  const artefacts: Record<string, Api> = {};

  beforeAll(async () => {
    const dir = tempDir("pdm-validation-");
    const folder = await installPackage(model, dir, { name: `pdm-validation-${sample}` });
    const single = join(dir, "model.mjs");
    writeFileSync(single, await standaloneModule(model));
    artefacts["package (ESM)"] = (await import(pathToFileURL(join(folder, "index.js")).href)) as Api;
    artefacts["package (CommonJS)"] = createRequire(import.meta.url)(join(folder, "index.cjs")) as Api;
    artefacts["-o module"] = (await import(pathToFileURL(single).href)) as Api;
  });

  it("exports the same names from both artefacts", () => {
    const names = Object.values(artefacts).map((a) =>
      Object.keys(a)
        .filter((k) => k !== "default" && k !== "module.exports")
        .sort(),
    );
    for (const n of names) expect(n).toEqual(names[0]);
    expect(names[0]).toEqual(expect.arrayContaining(["InvalidStateError", "evaluateUnchecked", "validate", ...STATE_ENTRIES]));
  });

  it("documents every export in the README's API table and declares it in index.d.ts", () => {
    const names = Object.keys(artefacts["-o module"]!);
    const md = readme(model, "pkg", "decimal");
    const dts = declarations(model, "decimal");
    for (const name of names) {
      expect(md).toMatch(new RegExp(`^\\| \`${name}[(\`]`, "m"));
      expect(dts).toMatch(new RegExp(`export declare (function|const|class) ${name}\\b`));
    }
  });

  it("throws on the empty state from every entry that takes a state", () => {
    for (const api of Object.values(artefacts)) {
      for (const entry of STATE_ENTRIES) {
        expect(() => api[entry]({})).toThrow(api.InvalidStateError);
      }
    }
  });

  it("throws InvalidStateError naming each offending input, with the compiler's messages, for random invalid states", () => {
    fc.assert(
      fc.property(invalidStates(model.inputSchema), ({ state, broken }) => {
        const verdict = model.validate(state);
        expect(verdict.ok).toBe(false);
        const errors = verdict.ok ? [] : verdict.errors;
        for (const api of Object.values(artefacts)) {
          for (const entry of STATE_ENTRIES) {
            const got = outcome(() => api[entry](state)) as { name: string; issues: { input: string; address: string }[] };
            expect(got.name).toBe("InvalidStateError");
            expect(got.issues.map(({ address, code, message }: any) => ({ address, code, message }))).toEqual(errors);
            expect(new Set(got.issues.map((i) => i.input))).toEqual(new Set(broken));
            for (const issue of got.issues) expect(issue.address.startsWith(`inputs.${issue.input}`)).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("gives the unchecked entry's and the compiler's results for random valid states", () => {
    fc.assert(
      fc.property(arbitraryFor(model.inputSchema) as fc.Arbitrary<Record<string, unknown>>, (state) => {
        const expected = model.evaluate(state);
        for (const api of Object.values(artefacts)) {
          expect(api.evaluateUnchecked(state)).toEqual(expected);
          expect(api.evaluate(state)).toEqual(expected);
          expect(api.evaluateTraced(state)).toEqual(model.evaluateTraced(state));
          expect(api.explain(state)).toEqual(model.explain(state));
          expect(api.answers(state)).toEqual(model.answers(expected));
        }
      }),
      { numRuns: 40 },
    );
  });
});
