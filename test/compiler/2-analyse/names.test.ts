import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Expr, Name } from "../../../src/ir/feel-ast.js";
import { codes, content, lenient, ok, only, stage, strict } from "./helpers.js";

/** Every Name node under a body, found by walking the AST. */
function names(node: unknown, out: Name[] = []): Name[] {
  if (node === null || typeof node !== "object") return out;
  if (Array.isArray(node)) {
    node.forEach((n) => names(n, out));
    return out;
  }
  const rec = node as Record<string, unknown>;
  if (rec.kind === "name") out.push(rec as unknown as Name);
  for (const [k, v] of Object.entries(rec)) if (k !== "type" && k !== "ref") names(v, out);
  return out;
}

const exprOf = (ir: ReturnType<typeof ok>, decision: string): Expr => {
  const body = ir.decisions.find((d) => d.name === decision)!.body;
  if (body.kind !== "expr") throw new Error("not an expression");
  return body.expr;
};

describe("names stage", () => {
  it("resolves inputs, decisions, functions and built-ins", () => {
    const ir = ok(
      strict(
        content({
          inputs: { "Monthly Income": { type: "number", desc: "Income" } },
          functions: { double: { params: { x: "number" }, returns: "number", body: "x * 2" } },
          decisions: { base: "Monthly Income * 12", total: "double(base) + abs(-1)" },
        }),
      ),
    );
    const refs = names(exprOf(ir, "total")).map((n) => [n.name, n.ref?.kind]);
    expect(refs).toEqual([
      ["double", "function"],
      ["base", "decision"],
      ["abs", "builtin"],
    ]);
    expect(names(exprOf(ir, "base"))[0]!.ref).toEqual({ kind: "input", name: "Monthly Income" });
  });

  it("reports an unknown name with a did-you-mean suggestion, span and source", () => {
    const r = strict(content({ inputs: { income: { type: "number", desc: "Income" } }, decisions: { rich: "incme > 1000" } }));
    const d = only(r, "names.unknown");
    expect(d.message).toBe("unknown name `incme`; did you mean `income`?");
    expect(d.address).toBe("decisions.rich");
    expect(d.source).toBe("incme > 1000");
    expect(d.span).toEqual({ start: 0, end: 5 });
    expect(stage(r, "names").ok).toBe(false);
    expect(r.ir).toBeNull();
  });

  it("reports duplicate names across inputs, decisions and functions", () => {
    const r = strict(
      content({
        decisions: { age: "1", adult: "age >= 18" },
        functions: { adult: { params: {}, returns: "number", body: "1" } },
      }),
    );
    const dups = r.diagnostics.filter((d) => d.code === "names.duplicate").map((d) => d.address);
    expect(dups).toEqual(["decisions.age", "functions.adult"]);
  });

  it("counts two names that are one text in Unicode's composed form as one name, and says why", () => {
    // a stem, then letters with accents that have a precomposed form (NFC) and a decomposed one (NFD)
    const accented = fc.constantFrom("é", "ñ", "ü", "Å", "ç", "ô");
    const nameArb = fc
      .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.array(accented, { minLength: 1, maxLength: 3 }))
      .map(([stem, marks]) => stem + marks.join(""));
    fc.assert(
      fc.property(nameArb, fc.constantFrom("inputs", "functions") as fc.Arbitrary<"inputs" | "functions">, (name, section) => {
        const composed = name.normalize("NFC");
        const decomposed = name.normalize("NFD");
        const declared =
          section === "inputs"
            ? { inputs: { [composed]: { type: "number", desc: "x" } }, decisions: { [decomposed]: "1", total: `${composed} + 1` } }
            : { functions: { [composed]: { params: {}, returns: "number", body: "1" } }, decisions: { [decomposed]: "1" } };
        const r = strict(content(declared));
        const dups = r.diagnostics.filter((d) => d.code === "names.duplicate");
        expect(dups.map((d) => d.address)).toEqual([section === "inputs" ? `decisions.${decomposed}` : `functions.${composed}`]);
        expect(dups[0]!.message).toContain("other Unicode code points");
        expect(stage(r, "names").ok).toBe(false);
      }),
      { numRuns: 60 },
    );
    const same = strict(content({ decisions: { café: "1" }, functions: { café: { params: {}, returns: "number", body: "1" } } }));
    expect(only(same, "names.duplicate").message).toBe(
      "`café` is already declared in decisions; inputs, decisions and functions share one namespace",
    );
  });

  it("rejects FEEL keywords as names", () => {
    expect(only(strict(content({ decisions: { adult: "age >= 18", true: "1" } })), "names.reserved").address).toBe("decisions.true");
  });

  it("treats unresolved names inside a filter as members of the item, and `item` as a local", () => {
    const ir = ok(
      strict(
        content({
          inputs: { people: { type: [{ name: "string", age: "number" }], desc: "People" } },
          decisions: { adults: "people[age >= 18]", first: "people[item.age > 1]", anyAge: "count(people[height > 2])" },
        }),
      ),
    );
    const adults = names(exprOf(ir, "adults"));
    expect(adults.map((n) => [n.name, n.ref])).toEqual([
      ["people", { kind: "input", name: "people" }],
      ["age", undefined],
    ]);
    expect(names(exprOf(ir, "first")).find((n) => n.name === "item")!.ref).toEqual({ kind: "local", name: "item" });
    expect(names(exprOf(ir, "anyAge")).find((n) => n.name === "height")!.ref).toBeUndefined();
  });

  it("strict: an unresolved name inside a filter of numbers, strings or booleans is unknown; lenient, a null member", () => {
    // the items have no members, so the name can only be a misspelt model name (`source of funs`)
    const lists = fc.constantFrom('["cash", "crypto"]', "[1, 2, 3]", "[true, false]", "words", "scores");
    const conditions = fc.constantFrom("contains(lower case(%), item)", "% > 1", "% = item", "string length(%) > 2");
    fc.assert(
      fc.property(lists, conditions, (list, condition) => {
        const c = content({
          inputs: {
            word: { type: "string", desc: "A word" },
            words: { type: ["string"], desc: "Words" },
            scores: { type: ["number"], desc: "Scores" },
          },
          decisions: { hits: `count(${list}[${condition.replace("%", "wrd")}])`, uses: "[word, words, scores]" },
        });
        const unknown = strict(c).diagnostics.filter((d) => d.code === "names.unknown");
        expect(unknown.map((d) => [d.address, d.severity])).toEqual([["decisions.hits", "error"]]);
        expect(unknown[0]!.message).toContain("word");
        expect(lenient(c).diagnostics.filter((d) => d.code === "names.unknown")).toEqual([]);
      }),
    );
  });

  it("an unresolved name inside a filter of contexts, or inside one nested in it, may be a member of the item", () => {
    const ir = ok(
      strict(
        content({
          inputs: { people: { type: [{ name: "string", age: "number" }], desc: "People" } },
          decisions: { nested: 'count(people[count(["a", "b"][item = nickname]) > 0])' },
        }),
      ),
    );
    expect(names(exprOf(ir, "nested")).find((n) => n.name === "nickname")!.ref).toBeUndefined();
  });

  it("binds for/some/every variables, context entries and lambda parameters as locals", () => {
    const ir = ok(
      strict(
        content({
          decisions: {
            adult: "age >= 18",
            squares: "for i in [1, 2, 3] return i * i",
            anyBig: "some x in [1, 2] satisfies x > age",
            ctx: "{a: 1, b: a + 1}.b",
            f: "(function(y) y + 1)(2)",
          },
        }),
      ),
    );
    for (const [d, local] of [
      ["squares", "i"],
      ["anyBig", "x"],
      ["ctx", "a"],
      ["f", "y"],
    ] as const) {
      const n = names(exprOf(ir, d)).find((x) => x.name === local)!;
      expect(n.ref).toEqual({ kind: "local", name: local });
    }
  });

  it("lets a function use its parameters and other functions, and allows recursion", () => {
    const ir = ok(
      strict(
        content({
          functions: {
            fact: { params: { n: "number" }, returns: "number", body: "if n <= 1 then 1 else n * fact(n - 1)" },
            twice: { params: { n: "number" }, returns: "number", body: "fact(n) * 2" },
          },
          decisions: { adult: "age >= 18", f: "twice(age)" },
        }),
      ),
    );
    expect(ir.functions.find((f) => f.name === "fact")!.calls).toEqual(["fact"]);
    expect(ir.decisions.find((d) => d.name === "f")!.calls).toEqual(["twice"]);
  });

  it("rejects a function body that reads an input or a decision", () => {
    const r = strict(
      content({ functions: { f: { params: { x: "number" }, returns: "number", body: "x + age" } }, decisions: { adult: "age >= 18" } }),
    );
    const d = only(r, "names.function-scope");
    expect(d.address).toBe("functions.f");
    expect(d.message).toContain("input `age`");
  });

  it("checks the arguments of model function calls", () => {
    const c = content({
      functions: { f: { params: { a: "number", b: "number" }, returns: "number", body: "a + b" } },
      decisions: { adult: "age >= 18", x: "f(1)", y: "f(a: 1, c: 2)" },
    });
    const r = strict(c);
    expect(codes(r)).toEqual(expect.arrayContaining(["types.arity", "names.unknown-parameter"]));
  });

  it("reads declared multi-word names whole", () => {
    const ir = ok(
      strict(
        content({
          inputs: { "number of children": { type: "number", desc: "Children" } },
          decisions: { "large family": "number of children >= 3" },
        }),
      ),
    );
    expect(names(exprOf(ir, "large family"))[0]!.name).toBe("number of children");
  });

  it("lets a built-in call through an input of the same name", () => {
    const ir = ok(lenient(content({ inputs: { count: { type: "number", desc: "c" } }, decisions: { n: "count([1, 2]) + count" } })));
    const ns = names(exprOf(ir, "n"));
    expect(ns.map((n) => n.ref?.kind)).toEqual(["builtin", "input"]);
  });

  it("reads a decision named like a built-in calling that built-in as the built-in", () => {
    const ir = ok(lenient(content({ decisions: { adult: "age >= 18", before: "before(1, 10)" } })));
    const ns = names(exprOf(ir, "before"));
    expect(ns[0]!.ref).toEqual({ kind: "builtin", name: "before" });
  });

  it("checks built-in calls against their signatures, positional and named, in both modes", () => {
    for (const mode of [strict, lenient]) {
      const r = mode(
        content({
          decisions: {
            adult: "age >= 18",
            a: "string()",
            b: "abs(1, 2)",
            c: 'substring(string: "abc", start position: 2)',
            d: "abs(nmber: 1)",
          },
        }),
      );
      const arity = r.diagnostics.filter((d) => d.code === "types.arity");
      expect(arity.map((d) => [d.severity, d.address])).toEqual([
        ["error", "decisions.a"],
        ["error", "decisions.b"],
        ["error", "decisions.d"],
      ]);
      expect(arity[0]!.message).toContain("string(from)");
    }
  });
});
