// A household's size told by naming its members instead of counting them: "it's me, my wife and our
// two kids" is four, "client + spouse + 3 children" five. The writer (or the client a note is about)
// counts one, each relation one, a relation in the plural the number before it; a plural with no
// number is no count, and a count inside the list ("3 children") is not the household's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "household size": { type: "number [1..20]", desc: "How many people live in the household, the applicant included?" },
  "household income": { type: "number >= 0", desc: "What is the combined monthly income of everyone in the household, in dollars?" },
});

const NUMBER_WORDS = ["two", "three", "four", "five", "six"];
/** A member or members: how the list says them, and how many people they are. */
const member = fc.oneof(
  fc
    .record({
      said: fc.constantFrom("my wife", "my husband", "my partner", "my mum", "my dad", "my brother", "our son", "our daughter"),
      name: fc.constantFrom("", " Alex", " Priya", " Tomás"),
    })
    .map(({ said, name }) => ({ said: `${said}${name}`, people: 1 })),
  fc
    .record({
      n: fc.integer({ min: 2, max: 6 }),
      words: fc.boolean(),
      kind: fc.constantFrom("kids", "children", "sons", "daughters"),
      ages: fc.boolean(),
    })
    .map(({ n, words, kind, ages }) => ({
      said: `our ${words ? NUMBER_WORDS[n - 2] : String(n)} ${kind}${ages ? ` (${Array.from({ length: n }, (_, k) => 3 + 2 * k).join(", ")})` : ""}`,
      people: n,
    })),
);

describe("a household's size from a list of its members", () => {
  it("counts the writer, each relation and each relation's number", () => {
    fc.assert(
      fc.property(
        fc.array(member, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("It's me", "At home it's me", "Living with me: me", "Household: client"),
        fc.constantFrom(", ", " + "),
        fc.integer({ min: 12, max: 50 }).map((k) => k * 100),
        (members, head, join, income) => {
          const said = members.map((m) => m.said);
          const list = join === " + " || said.length === 1 ? said.join(join) : `${said.slice(0, -1).join(", ")} and ${said.at(-1)}`;
          const text = `Hi,\n\n${head}${said.length === 1 ? " and " : join}${list}.\nI earn $${income} a month.\n\nThanks`;
          const got = readText(inputs, text)["household size"];
          expect(got?.value).toBe(1 + members.reduce((s, m) => s + m.people, 0));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("gives no count when a relation in the plural is not counted", () => {
    const got = readText(inputs, "Hi,\n\nIt's me, my wife and our kids.\nI earn $3,000 a month.\n\nThanks")["household size"];
    expect(got).toBeUndefined();
  });
});
