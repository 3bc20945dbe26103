// A model whose compilation fails because of some decisions or functions (an invocation with a
// wrong parameter name, an unknown function) is compiled again without them, so the other
// decisions still run. A removed decision counts as one the engine reported an error for: the
// kit's `errorResult` cases expect exactly that.
import { hasCode, type Diagnostic } from "../ir/diagnostics.js";
import type { Compile, CompileOutcome } from "./runner.js";

const SECTIONS = ["decisions", "functions"] as const;
const MAX_ROUNDS = 8;

export interface Isolated {
  compiled: CompileOutcome;
  /** removed decision or function name → the diagnostic that removed it */
  rejected: Map<string, string>;
}

/** The decision or function a diagnostic address points into (names may contain dots). */
function ownerOf(
  address: string | undefined,
  content: Record<string, unknown>,
): { section: (typeof SECTIONS)[number]; name: string } | undefined {
  if (!address) return undefined;
  for (const section of SECTIONS) {
    const names = Object.keys((content[section] ?? {}) as object).sort((a, b) => b.length - a.length);
    const prefix = `${section}.`;
    if (!address.startsWith(prefix)) continue;
    const rest = address.slice(prefix.length);
    const name = names.find((n) => rest === n || rest.startsWith(`${n}.`) || rest.startsWith(`${n}[`));
    if (name !== undefined) return { section, name };
  }
  return undefined;
}

const describeDiagnostic = (d: Diagnostic): string => `${d.code}${d.address ? ` at ${d.address}` : ""}: ${d.message}`;

function without(content: Record<string, unknown>, section: string, name: string): Record<string, unknown> {
  const kept = Object.entries((content[section] ?? {}) as Record<string, unknown>).filter(([k]) => k !== name);
  return { ...content, [section]: Object.fromEntries(kept) };
}

const crashed = (c: CompileOutcome): Diagnostic | undefined => (c.ok ? undefined : c.diagnostics.find((d) => hasCode(d, "compile.crash")));

/**
 * A crash names no decision: compile each decision alone (with every function) to find the ones
 * that crash, and leave those out.
 */
function withoutCrashing(content: Record<string, unknown>, compile: Compile, rejected: Map<string, string>): Record<string, unknown> {
  let current = content;
  for (const [name, d] of Object.entries((content.decisions ?? {}) as Record<string, unknown>)) {
    const alone = compile({ ...content, decisions: { [name]: d } });
    const crash = crashed(alone);
    if (crash) {
      rejected.set(name, describeDiagnostic(crash));
      current = without(current, "decisions", name);
    }
  }
  return current;
}

export function compileIsolating(content: Record<string, unknown>, compile: Compile): Isolated {
  const rejected = new Map<string, string>();
  let current = content;
  let compiled = compile(current);
  if (crashed(compiled)) {
    current = withoutCrashing(current, compile, rejected);
    compiled = compile(current);
  }
  for (let round = 0; round < MAX_ROUNDS && !compiled.ok; round++) {
    let removed = false;
    for (const d of compiled.diagnostics) {
      if (d.severity !== "error") continue;
      const owner = ownerOf(d.address, current);
      if (!owner || rejected.has(owner.name)) continue;
      rejected.set(owner.name, describeDiagnostic(d));
      current = without(current, owner.section, owner.name);
      removed = true;
    }
    if (!removed) break;
    compiled = compile(current);
  }
  return { compiled, rejected };
}
