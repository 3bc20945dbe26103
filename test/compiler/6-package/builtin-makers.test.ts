// A bundle hands generated code the built-ins it names, each made by its maker (runtime/builtins/def.ts):
// every built-in has one, in its group's module under the name the bundle imports (runtime-names.ts),
// making the def the catalogue holds; a module holds the built-ins its model names and none other of
// their groups, and answers as the compiler does.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel } from "../../../src/compiler/index.js";
import { GROUP_MODULES, standaloneModule } from "../../../src/compiler/6-package/bundle.js";
import { builtinMaker, builtinsByGroup } from "../../../src/compiler/6-package/runtime-names.js";
import type { BuiltinDef } from "../../../src/runtime/builtins/def.js";
import { BUILTINS, builtinGroup, type BuiltinGroup } from "../../../src/runtime/builtins/index.js";
import { tempDir } from "./helpers.js";

const SRC = join(import.meta.dirname, "../../../src");

/** What a def declares, its implementations aside. */
const declared = (d: BuiltinDef) => ({
  name: d.name,
  kind: d.kind,
  result: d.result,
  description: d.description,
  impure: d.impure,
  signatures: d.signatures.map((s) => ({ params: s.params, required: s.required, variadic: s.variadic, positionalOnly: s.positionalOnly })),
  direct: Object.keys(d.direct ?? {}),
  directRest: d.directRest !== undefined,
});

describe("the makers of the built-ins", () => {
  it("make, one per built-in in its group's module, the defs of the catalogue in its order", async () => {
    const byGroup = new Map<BuiltinGroup, BuiltinDef[]>();
    for (const d of BUILTINS) byGroup.set(builtinGroup(d.name)!, [...(byGroup.get(builtinGroup(d.name)!) ?? []), d]);
    expect([...byGroup.keys()].sort()).toEqual(Object.keys(GROUP_MODULES).sort());
    for (const [group, defs] of byGroup) {
      const mod = (await import(/* @vite-ignore */ pathToFileURL(join(SRC, `${GROUP_MODULES[group]}.ts`)).href)) as Record<string, unknown>;
      const makers = Object.keys(mod).filter((k) => /^builtin[A-Z]/.test(k));
      expect(makers.sort(), group).toEqual(defs.map((d) => builtinMaker(d.name)).sort());
      for (const def of defs) expect(declared((mod[builtinMaker(def.name)] as () => BuiltinDef)()), def.name).toEqual(declared(def));
      expect((mod[group] as BuiltinDef[]).map(declared), group).toEqual(defs.map(declared));
    }
  });

  it("are named after the built-in's words", () => {
    expect(builtinMaker("count")).toBe("builtinCount");
    expect(builtinMaker("list contains")).toBe("builtinListContains");
    expect(builtinMaker("years and months duration")).toBe("builtinYearsAndMonthsDuration");
  });
});

describe("the built-ins generated code takes by group", () => {
  it("are the names it looks up; a group it reaches any other way is used whole", () => {
    const source = [
      'const b1 = rt.builtinOf(rt.listBuiltins, "count");',
      'const b2 = rt.builtinOf(rt.listBuiltins, "sublist");',
      'const b3 = rt.builtinOf(rt.aggregateBuiltins, "sum");',
      "const g = rt.aggregateBuiltins;",
      'const b4 = rt.builtinOf(rt.numberBuiltins, "decimal");',
      "const b5 = rt.builtinOf(rt.stringBuiltins, name);",
    ].join("\n");
    const uses = builtinsByGroup(source);
    expect(uses.get("listBuiltins")).toEqual({ names: ["count", "sublist"], whole: false });
    expect(uses.get("aggregateBuiltins")).toEqual({ names: ["sum"], whole: true });
    expect(uses.get("numberBuiltins")).toEqual({ names: ["decimal"], whole: false });
    expect(uses.has("stringBuiltins")).toBe(false);
  });
});

describe("a module of a model that calls a few built-ins", () => {
  const model = {
    content: {
      name: "few built-ins",
      inputs: { xs: { type: "[number]", desc: "What are the amounts?" }, s: { type: "string", desc: "What is the name?" } },
      decisions: { total: "decimal(sum(xs) / count(xs), 2)", shout: "upper case(s)", most: "max(xs)" },
    },
    questions: {},
  };

  it("holds those built-ins and no other of their groups, and answers as the compiler", async () => {
    const r = compileModel(model);
    if (!r.ok) throw new Error("the model does not compile");
    const text = await standaloneModule(r.model);
    for (const held of ["builtinSum", "builtinCount", "builtinDecimal", "builtinUpperCase", "builtinMax"]) expect(text).toContain(held);
    for (const left of ["builtinSublist", "builtinStddev", "builtinMedian", "builtinFloor", "builtinLowerCase", "builtinStringJoin"])
      expect(text).not.toContain(left);
    const file = join(tempDir("pdm-makers-"), "model.mjs");
    writeFileSync(file, text);
    const mod = (await import(pathToFileURL(file).href)) as { evaluate: (s: unknown) => unknown };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000, max: 10_000 }), { maxLength: 8 }), fc.string({ maxLength: 8 }), (ns, s) => {
        const state = { xs: ns.map((n) => n / 100), s };
        expect(mod.evaluate(state)).toEqual(r.model.evaluate(state));
      }),
      { numRuns: 200 },
    );
  });
});
