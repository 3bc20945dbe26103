// json-rules-engine: each table as rules (one per row, conditions on facts, an event carrying the
// output), priorities in row order and a stop after the first success, which is FIRST hit. The
// engine has no arithmetic, so the lending amounts are computed in JS and passed in as facts.
import { Engine, type NestedCondition, type RuleProperties } from "json-rules-engine";
import { clean, roundHalfEven } from "../handwritten/num.js";
import { fromCamel, LENDING_TABLES, toCamel, type Cell, type Table } from "./lending-logic.js";
import { TABLE200_TABLE } from "./table200-logic.js";
import type { Peer } from "./types.js";

const OPERATOR = { "<": "lessThan", "<=": "lessThanInclusive", ">": "greaterThan", ">=": "greaterThanInclusive" } as const;

function conditions(fact: string, c: Cell): NestedCondition[] {
  switch (c.kind) {
    case "any":
      return [];
    case "cmp":
      return [{ fact, operator: OPERATOR[c.op], value: c.value }];
    case "range":
      return [
        { fact, operator: c.lowIn ? "greaterThanInclusive" : "greaterThan", value: c.low },
        { fact, operator: c.highIn ? "lessThanInclusive" : "lessThan", value: c.high },
      ];
    case "oneOf":
      return [{ fact, operator: "in", value: c.values }];
    case "noneOf":
      return [{ fact, operator: "notIn", value: c.values }];
  }
}

/** An engine for one table; run it with facts, read the output from the first success. */
function tableEngine(t: Table): (facts: Record<string, unknown>) => Promise<unknown> {
  const engine = new Engine([], { allowUndefinedFacts: true });
  t.rows.forEach((row, r) => {
    const rule: RuleProperties = {
      name: `${t.output} rule ${r + 1}`,
      priority: t.rows.length - r,
      conditions: { all: row.cells.flatMap((c, i) => conditions(t.inputs[i]!, c)) },
      event: { type: t.output, params: { value: row.value } },
      onSuccess: () => {
        engine.stop();
      },
    };
    engine.addRule(rule);
  });
  return async (facts) => {
    const { events } = await engine.run(facts);
    return events.length > 0 ? events[0]!.params!.value : null;
  };
}

export function jsonRulesLending(): Peer {
  const tables = LENDING_TABLES.map((t) => ({ output: t.output, run: tableEngine(t) }));
  return {
    engine: "json-rules-engine",
    form: "three rule sets (one rule per row, priorities, stop on first success); amounts computed in JS as facts",
    async evaluate(state) {
      const facts: Record<string, unknown> = toCamel(state);
      const income = facts.annualIncome as number;
      const monthlyPayment = roundHalfEven((facts.loanAmount as number) / 60, 2);
      facts.monthlyPayment = monthlyPayment;
      facts.existingDti = income === 0 ? 1 : roundHalfEven(((facts.monthlyDebt as number) * 12) / income, 4);
      facts.newDti = income === 0 ? 1 : roundHalfEven((monthlyPayment * 12) / income, 4);
      facts.debtToIncome = clean((facts.existingDti as number) + (facts.newDti as number));
      for (const t of tables) facts[t.output] = await t.run(facts);
      const surcharge = facts.employment === "contractor" ? 0.35 : 0;
      facts.rate = roundHalfEven((facts.baseRate as number) + (facts.debtToIncome as number) * 2 + surcharge, 2);
      return fromCamel(facts);
    },
  };
}

export function jsonRulesTable200(): Peer {
  const run = tableEngine(TABLE200_TABLE);
  return {
    engine: "json-rules-engine",
    form: "200 rules (priorities, stop on first success)",
    evaluate: async (state) => ({ fee: await run(state) }),
  };
}
