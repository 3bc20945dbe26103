// What a regular expression costs, counted: the program a pattern compiles to is bounded before
// RE2 compiles it (counted repetitions copied out), compiling is charged once an evaluation by that
// program's size (64 steps an instruction past 16), and matching by the characters scanned times the program's size. A pattern from a
// state or built by the model used to compile and run whatever its size: 11 KB of `(?:a{1000})`
// held the process 3.5 s and 600 MB, `[ab]{0,1000}[cd]` over 50,000 characters 2 s, each charged a
// step a character.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileUncached } from "../../src/compiler/index.js";
import { regexCacheHeld } from "../../src/runtime/builtins/regex.js";
import { MAX_REGEX_PROGRAM } from "../../src/runtime/builtins/regex-match.js";
import { collectProblems } from "../../src/runtime/problems.js";
import { b, stopped } from "./helpers.js";

const LIMIT_MESSAGE = new RegExp(`at most ${MAX_REGEX_PROGRAM.toLocaleString("en-US")} instructions`);

/** Atoms that compile to one instruction each, repeated a counted number of times. */
const unit = fc.record({
  atom: fc.constantFrom("a", "[a-z]", "\\p{L}", "\\d", ".", "\\i"),
  count: fc.integer({ min: 1, max: 1000 }),
});

describe("the program a pattern compiles to", () => {
  it("is refused past MAX_REGEX_PROGRAM instructions, each counted repetition copied out, and runs within it", () => {
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 10 }), (units) => {
        const pattern = units.map((u) => `${u.atom}{${u.count}}`).join("");
        const instructions = units.reduce((sum, u) => sum + u.count, 0);
        const { result, problems } = collectProblems(() => b("matches", "x", pattern));
        if (instructions > MAX_REGEX_PROGRAM) {
          expect(result).toBeNull();
          expect(problems.join("\n")).toMatch(LIMIT_MESSAGE);
        } else {
          expect(typeof result).toBe("boolean");
        }
      }),
      { numRuns: 40 },
    );
  });

  it("past it, a literal pattern is an error of the model at its decision", () => {
    const model = {
      name: "m",
      inputs: { t: { type: "string", desc: "t?" } },
      decisions: { d: `matches(t, "${"[a-z]{1000}".repeat(6)}")` },
    };
    const errors = checkModel(model, { strict: true })
      .stages.flatMap((s) => s.diagnostics)
      .filter((d) => d.code === "types.regex");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ severity: "error", address: "decisions.d" });
    expect(errors[0]!.message).toMatch(LIMIT_MESSAGE);
  });
});

/** Clear of the limit by 2 %: the steps besides the regular expression's (the loop, the strings) are not counted here. */
const clearOf = (steps: number, limit: number) => Math.abs(steps - limit) > limit * 0.02;

describe("compiling, charged once an evaluation", () => {
  const compiled = (expr: string) => {
    const r = compileUncached({ content: { name: "regex", inputs: {}, decisions: { d: expr } }, questions: {} });
    if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
    return r.model;
  };

  it("k distinct patterns of u thousand instructions stop at the step limit exactly when k · (program - 16) · 64 passes it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 4 }), (k, u) => {
        // "[a-z]{1000}" u times, then the loop's number (one or two instructions): k patterns, each new
        const pattern = `"${"[a-z]{1000}".repeat(u)}" + string(i)`;
        const program = (i: number) => 1000 * u + String(i).length;
        let charged = 0;
        for (let i = 1; i <= k; i++) charged += (program(i) - 16) * 64;
        fc.pre(clearOf(charged, 1_000_000));
        const model = compiled(`count(for i in 1..${k} return matches("x", ${pattern}))`);
        expect(stopped(() => model.evaluate({}), { steps: 1_000_000 })).toBe(charged > 1_000_000 ? "steps" : "none");
      }),
      { numRuns: 25 },
    );
  });

  it("is charged before RE2 compiles: a pattern the steps left cannot pay for is not compiled", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.nat(), (u, tag) => {
        const pattern = `${"[a-z]{900}".repeat(u)}${tag}`;
        const held = regexCacheHeld().patterns;
        expect(stopped(() => b("matches", "x", pattern), { steps: 1000 })).toBe("steps");
        expect(regexCacheHeld().patterns).toBe(held);
      }),
      { numRuns: 20 },
    );
  });

  it("the same pattern used many times is charged once", () => {
    const model = compiled(`count(for i in 1..2000 return matches("x", "${"[a-z]{1000}".repeat(4)}"))`);
    // 4,000 instructions: some 255,000 steps once; charged at each call, 510 million
    expect(stopped(() => model.evaluate({}), { steps: 1_000_000 })).toBe("none");
  });
});

describe("matching, charged by characters times instructions", () => {
  it("[ab]{0,1000}[cd] over n characters stops exactly when its steps pass the limit", () => {
    const pattern = "[ab]{0,1000}[cd]";
    // 1,000 copies, 1,000 splits for the optional ones, and the last class
    const program = 2001;
    const limit = 200_000;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (n) => {
        // compiling (past the first 16 instructions), one step a character of each argument (the cost rule) and one for the call, then the rest of each character's
        const steps = (program - 16) * 64 + (n + pattern.length + 1) + n * (Math.ceil(program / 16) - 1);
        fc.pre(clearOf(steps, limit));
        expect(stopped(() => b("matches", "a".repeat(n), pattern), { steps: limit })).toBe(steps > limit ? "steps" : "none");
      }),
      { numRuns: 30 },
    );
  });
});
