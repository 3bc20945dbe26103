// A backtracking matcher for the one thing RE2 cannot run: back-references. It reads the RE2
// source the XPath translator writes (xpath-regex.ts; a back-reference there is `\k{N}`), compiles
// it to a small program and runs it with an explicit stack, so no pattern overflows the call
// stack. Every instruction is an evaluation step (budget.ts): a pattern that backtracks
// exponentially stops at the step limit with the evaluation-limit error, it never hangs.
// Classes and single characters are tested by RE2 itself, one character at a time, so code
// points, case folding and Unicode categories are the same as for every other pattern.
import { RE2JS } from "re2js";
import { BudgetExceeded, DEFAULT_EVALUATION_LIMITS, stepsBounded, tick } from "../budget.js";
import { MAX_REGEX_PROGRAM, type CompiledRegex } from "./regex-match.js";

/**
 * A step of the matcher. Within a budget it is an evaluation step; outside one (the library API,
 * the CLI), where steps are otherwise unbounded, each search still stops at the default step limit:
 * backtracking is the one place where a short input can take exponential time.
 */
let ownSteps = 0;
function step(n = 1): void {
  if (stepsBounded()) return tick(n);
  ownSteps -= n;
  if (ownSteps < 0) throw new BudgetExceeded("steps", DEFAULT_EVALUATION_LIMITS.steps);
}

/** The largest program a pattern may compile to (counted repetitions are copied out): as for RE2. */
export const MAX_BACKTRACK_PROGRAM = MAX_REGEX_PROGRAM;

type Node =
  | { kind: "char"; test: (cp: number) => boolean }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; options: Node[] }
  | { kind: "group"; index: number | null; body: Node }
  | { kind: "repeat"; body: Node; min: number; max: number; greedy: boolean }
  | { kind: "lineStart" }
  | { kind: "lineEnd" }
  | { kind: "backref"; index: number };

type Instruction =
  | { op: "char"; test: (cp: number) => boolean }
  | { op: "split"; first: number; second: number }
  | { op: "jump"; to: number }
  | { op: "save"; register: number }
  | { op: "progress"; register: number }
  | { op: "lineStart" }
  | { op: "lineEnd" }
  | { op: "backref"; index: number }
  | { op: "match" };

/** A predicate over code points for one RE2 atom (a class or a literal), answers cached. */
function atomTest(source: string, caseless: boolean): (cp: number) => boolean {
  const re = RE2JS.compile(source, caseless ? RE2JS.CASE_INSENSITIVE : 0);
  const cache = new Map<number, boolean>();
  return (cp) => {
    let v = cache.get(cp);
    if (v === undefined) {
      v = re.matches(String.fromCodePoint(cp));
      if (cache.size < 4096) cache.set(cp, v);
    }
    return v;
  };
}

/** The parser of the RE2 subset the translator writes: its syntax is already checked by RE2. */
class Parser {
  private i = 0;
  groups = 0;
  constructor(
    private readonly src: string,
    private readonly caseless: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new Error(`unexpected ${this.src[this.i]} in the translated pattern`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.src[this.i] === "|") {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== "|" && this.src[this.i] !== ")") items.push(this.quantified(this.atom()));
    return { kind: "seq", items };
  }

  private quantified(body: Node): Node {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      this.i++;
      [min, max] = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    } else if (c === "{") {
      const close = this.src.indexOf("}", this.i);
      const [lo, hi] = this.src.slice(this.i + 1, close).split(",");
      this.i = close + 1;
      min = Number(lo);
      max = hi === undefined ? min : hi === "" ? Infinity : Number(hi);
    } else {
      return body;
    }
    const greedy = this.src[this.i] !== "?";
    if (!greedy) this.i++;
    return { kind: "repeat", body, min, max, greedy };
  }

  private atom(): Node {
    const rest = this.src.slice(this.i);
    if (rest.startsWith("(?s:.)")) {
      this.i += 6;
      return { kind: "char", test: () => true };
    }
    const c = this.src[this.i++]!;
    switch (c) {
      case "(": {
        const capturing = !rest.startsWith("(?:");
        if (!capturing) this.i += 2;
        const index = capturing ? ++this.groups : null;
        const body = this.alternation();
        this.i++; // the )
        return { kind: "group", index, body };
      }
      case "[":
        return this.charClass();
      case "^":
        return { kind: "lineStart" };
      case "$":
        return { kind: "lineEnd" };
      case "\\": {
        const close = this.src.indexOf("}", this.i);
        const escape = this.src.slice(this.i - 1, close + 1);
        this.i = close + 1;
        if (escape.startsWith("\\k{")) return { kind: "backref", index: Number(escape.slice(3, -1)) };
        return this.literal(escape);
      }
      default:
        return this.literal(c);
    }
  }

  private literal(source: string): Node {
    if (this.caseless) return { kind: "char", test: atomTest(source, true) };
    const code = source.length === 1 ? source.codePointAt(0)! : parseInt(source.slice(3, -1), 16);
    return { kind: "char", test: (cp) => cp === code };
  }

  /** After `[`: up to the `]` that closes it (the translator writes no nested classes). */
  private charClass(): Node {
    const start = this.i - 1;
    while (this.src[this.i] !== "]") {
      if (this.src[this.i] === "\\") this.i = "xpP".includes(this.src[this.i + 1]!) ? this.src.indexOf("}", this.i) + 1 : this.i + 2;
      else this.i++;
    }
    this.i++;
    return { kind: "char", test: atomTest(this.src.slice(start, this.i), this.caseless) };
  }
}

/** Compiles nodes to a program; registers 0..2g+1 are group bounds, the ones after are loop marks. */
class Compiler {
  readonly program: Instruction[] = [];
  registers: number;
  constructor(groups: number) {
    this.registers = 2 * (groups + 1);
  }

  private emit(ins: Instruction): number {
    if (this.program.length >= MAX_BACKTRACK_PROGRAM)
      throw new Error(
        `with a back-reference the pattern must compile to at most ${MAX_BACKTRACK_PROGRAM.toLocaleString("en-US")} instructions`,
      );
    this.program.push(ins);
    return this.program.length - 1;
  }

  whole(node: Node): Instruction[] {
    this.emit({ op: "save", register: 0 });
    this.node(node);
    this.emit({ op: "save", register: 1 });
    this.emit({ op: "match" });
    return this.program;
  }

  private node(n: Node): void {
    switch (n.kind) {
      case "char":
        this.emit({ op: "char", test: n.test });
        return;
      case "seq":
        for (const item of n.items) this.node(item);
        return;
      case "alt": {
        const exits: { to: number }[] = [];
        n.options.forEach((option, k) => {
          if (k === n.options.length - 1) return this.node(option);
          const split = { op: "split" as const, first: 0, second: 0 };
          split.first = this.emit(split) + 1;
          this.node(option);
          const exit = { op: "jump" as const, to: 0 };
          exits.push(exit);
          this.emit(exit);
          split.second = this.program.length;
        });
        for (const exit of exits) exit.to = this.program.length;
        return;
      }
      case "group":
        if (n.index !== null) this.emit({ op: "save", register: 2 * n.index });
        this.node(n.body);
        if (n.index !== null) this.emit({ op: "save", register: 2 * n.index + 1 });
        return;
      case "repeat":
        return this.repeat(n);
      case "lineStart":
      case "lineEnd":
        this.emit({ op: n.kind });
        return;
      case "backref":
        this.emit({ op: "backref", index: n.index });
        return;
    }
  }

  /** min copies, then a loop (no empty iteration) or max - min optional copies. */
  private repeat(n: Extract<Node, { kind: "repeat" }>): void {
    for (let k = 0; k < n.min; k++) this.node(n.body);
    const order = (split: { first: number; second: number }, body: number, exit: number) => {
      [split.first, split.second] = n.greedy ? [body, exit] : [exit, body];
    };
    if (n.max === Infinity) {
      const mark = this.registers++;
      const split = { op: "split" as const, first: 0, second: 0 };
      const loop = this.emit(split);
      this.emit({ op: "save", register: mark });
      this.node(n.body);
      this.emit({ op: "progress", register: mark });
      this.emit({ op: "jump", to: loop });
      order(split, loop + 1, this.program.length);
      return;
    }
    const splits: { split: { first: number; second: number }; body: number }[] = [];
    for (let k = n.min; k < n.max; k++) {
      const split = { op: "split" as const, first: 0, second: 0 };
      splits.push({ split, body: this.emit(split) + 1 });
      this.node(n.body);
    }
    for (const s of splits) order(s.split, s.body, this.program.length);
  }
}

const foldsTo = (a: number, b: number): boolean => {
  if (a === b) return true;
  const x = String.fromCodePoint(a);
  const y = String.fromCodePoint(b);
  return x.toLowerCase() === y.toLowerCase() || x.toUpperCase() === y.toUpperCase();
};

class Machine {
  constructor(
    private readonly program: Instruction[],
    private readonly registers: number,
    private readonly multiline: boolean,
    private readonly caseless: boolean,
  ) {}

  /** Where a back-reference to s[from, to) read at pos ends, or -1 (a group that took no part matches the empty string). */
  private backref(s: string, pos: number, from: number, to: number): number {
    if (from < 0 || to < 0) return pos;
    step(to - from);
    if (!this.caseless) return s.startsWith(s.slice(from, to), pos) ? pos + (to - from) : -1;
    while (from < to) {
      if (pos >= s.length) return -1;
      const a = s.codePointAt(from)!;
      const b = s.codePointAt(pos)!;
      if (!foldsTo(a, b)) return -1;
      from += a > 0xffff ? 2 : 1;
      pos += b > 0xffff ? 2 : 1;
    }
    return pos;
  }

  /** The registers of the first match starting at `start` in priority order, or null. */
  run(s: string, start: number): number[] | null {
    const regs: number[] = new Array<number>(this.registers).fill(-1);
    // pairs: (pc, pos) to resume at, or (-1 - register, old value) to restore
    const stack: number[] = [];
    const set = (register: number, value: number) => {
      stack.push(-1 - register, regs[register]!);
      regs[register] = value;
    };
    let pc = 0;
    let pos = start;
    for (;;) {
      step();
      const ins = this.program[pc]!;
      let next = -1;
      switch (ins.op) {
        case "char":
          if (pos < s.length) {
            const cp = s.codePointAt(pos)!;
            if (ins.test(cp)) {
              pos += cp > 0xffff ? 2 : 1;
              next = pc + 1;
            }
          }
          break;
        case "split":
          stack.push(ins.second, pos);
          next = ins.first;
          break;
        case "jump":
          next = ins.to;
          break;
        case "save":
          set(ins.register, pos);
          next = pc + 1;
          break;
        case "progress":
          if (regs[ins.register] !== pos) next = pc + 1;
          break;
        case "lineStart":
          if (pos === 0 || (this.multiline && s[pos - 1] === "\n")) next = pc + 1;
          break;
        case "lineEnd":
          if (pos === s.length || (this.multiline && s[pos] === "\n")) next = pc + 1;
          break;
        case "backref": {
          const end = this.backref(s, pos, regs[2 * ins.index]!, regs[2 * ins.index + 1]!);
          if (end >= 0) {
            pos = end;
            next = pc + 1;
          }
          break;
        }
        case "match":
          return regs;
      }
      if (next >= 0) {
        pc = next;
        continue;
      }
      // backtrack: undo register writes down to the last choice
      for (;;) {
        if (stack.length === 0) return null;
        const b = stack.pop()!;
        const a = stack.pop()!;
        if (a >= 0) {
          pc = a;
          pos = b;
          break;
        }
        regs[-1 - a] = b;
      }
    }
  }
}

/**
 * A compiled backtracking regex from translated RE2 source with `\k{N}` back-references; throws
 * when the program would pass MAX_BACKTRACK_PROGRAM instructions.
 */
export function backtrackingRegex(source: string, flags: { caseless: boolean; multiline: boolean }): CompiledRegex {
  const parser = new Parser(source, flags.caseless);
  const tree = parser.parse();
  const compiler = new Compiler(parser.groups);
  const program = compiler.whole(tree);
  const machine = new Machine(program, compiler.registers, flags.multiline, flags.caseless);
  const groupCount = parser.groups;
  /** The next match at or past `start`, its registers (group g at 2g, 2g + 1, -1 when it took no part); null when there is none. */
  function next(s: string, start: number): number[] | null {
    while (start <= s.length) {
      const regs = machine.run(s, start);
      if (regs) return regs;
      start += (s.codePointAt(start) ?? 0) > 0xffff ? 2 : 1;
    }
    return null;
  }
  return {
    groupCount,
    program: program.length,
    test: (s) => {
      ownSteps = DEFAULT_EVALUATION_LIMITS.steps;
      return next(s, 0) !== null;
    },
    eachMatch(s, visit) {
      ownSteps = DEFAULT_EVALUATION_LIMITS.steps;
      for (let regs = next(s, 0); regs !== null;) {
        const groups: string[] = [];
        for (let g = 0; g <= groupCount; g++)
          groups.push(regs[2 * g]! >= 0 && regs[2 * g + 1]! >= 0 ? s.slice(regs[2 * g], regs[2 * g + 1]) : "");
        const start = regs[0]!;
        const end = regs[1]!;
        visit(start, end, groups);
        regs = next(s, end > start ? end : end + ((s.codePointAt(end) ?? 0) > 0xffff ? 2 : 1));
      }
    },
  };
}
