// `range(from)`: a range literal in a string, e.g. "[1..10)", "[\"a\"..\"z\"]",
// "[@\"2020-01-01\"..date(\"2020-12-31\")]". Endpoints are literals only: numbers, strings,
// @"..." temporals and date/time/date and time/duration calls on a string literal.
import { finite } from "../arithmetic.js";
import { compareValues } from "../compare.js";
import { Decimal } from "../decimal.js";
import { kindOf } from "../kinds.js";
import { problem } from "../problems.js";
import { parseTemporal, temporalBuiltins } from "../temporal/index.js";
import { FeelRange, type FeelValue } from "../values.js";
import { bad, isStr } from "./args.js";

const TEMPORAL_CALLS = ["date and time", "date", "time", "duration"];

class Scanner {
  i = 0;
  constructor(readonly s: string) {}
  ws() {
    while (/\s/.test(this.s[this.i] ?? "")) this.i++;
  }
  eat(text: string): boolean {
    this.ws();
    if (!this.s.startsWith(text, this.i)) return false;
    this.i += text.length;
    return true;
  }
  /** A string literal body after the opening quote, with FEEL escapes. */
  string(): string | undefined {
    let out = "";
    while (this.i < this.s.length) {
      const c = this.s[this.i++]!;
      if (c === '"') return out;
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = this.s[this.i++];
      const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "'": "'", "\\": "\\" };
      if (e !== undefined && Object.hasOwn(simple, e)) out += simple[e];
      else if (e === "u" && /^[0-9a-fA-F]{4}/.test(this.s.slice(this.i))) {
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 4), 16));
        this.i += 4;
      } else if (e === "U" && /^[0-9a-fA-F]{6}/.test(this.s.slice(this.i))) {
        out += String.fromCodePoint(parseInt(this.s.slice(this.i, this.i + 6), 16));
        this.i += 6;
      } else return undefined;
    }
    return undefined;
  }
}

/** One endpoint; undefined when the text is not an endpoint literal. */
function endpoint(sc: Scanner): FeelValue | undefined {
  sc.ws();
  const rest = sc.s.slice(sc.i);
  const num = /^-?(\d+(\.\d+)?|\.\d+)/.exec(rest);
  if (num) {
    sc.i += num[0].length;
    return finite(new Decimal(num[0]), "a range endpoint");
  }
  if (sc.eat("null")) return null;
  if (sc.eat('"')) return sc.string();
  if (sc.eat('@"')) {
    const text = sc.string();
    return text === undefined ? undefined : (parseTemporal(text) ?? undefined);
  }
  for (const name of TEMPORAL_CALLS) {
    const at = sc.i;
    if (sc.eat(name) && sc.eat("(") && sc.eat('"')) {
      const text = sc.string();
      if (text === undefined || !sc.eat(")")) return undefined;
      const def = temporalBuiltins.find((d) => d.name === name);
      const sig = def?.signatures.find((s) => s.params.length >= 1 && (s.required ?? s.params.length) <= 1);
      const v = sig ? sig.impl(text) : null;
      return v === null ? undefined : v;
    }
    sc.i = at;
  }
  return undefined;
}

export function parseRange(from: FeelValue): FeelValue {
  if (!isStr(from)) return bad("range", "from", from, "a string");
  const fail = () => problem(`range(): ${JSON.stringify(from)} is not a range literal`);
  const sc = new Scanner(from);
  sc.ws();
  const open = sc.s[sc.i++];
  if (open !== "[" && open !== "(" && open !== "]") return fail();
  const start = endpoint(sc);
  if (start === undefined || !sc.eat("..")) return fail();
  const end = endpoint(sc);
  sc.ws();
  const close = sc.s[sc.i++];
  if (end === undefined || (close !== "]" && close !== ")" && close !== "[")) return fail();
  sc.ws();
  if (sc.i !== sc.s.length || (start === null && end === null)) return fail();
  if (start !== null && end !== null) {
    const c = compareValues(start, end);
    if (c === null || kindOf(start) !== kindOf(end)) return problem(`range(): the endpoints of ${JSON.stringify(from)} are not comparable`);
    if (c > 0) return problem(`range(): the start of ${JSON.stringify(from)} is after its end`);
  }
  return new FeelRange(open === "[", start, end, close === "]");
}
