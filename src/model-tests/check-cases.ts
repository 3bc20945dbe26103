// A model's own test cases as part of its check: each case that cannot run, or whose expected
// decisions or answers differ, becomes an error at the input, decision or question it is about,
// so that `pdm check` fails on a model that no longer does what its cases say.
import type { CompiledModel } from "../compiler/index.js";
import type { DecisionIR } from "../ir/ir.js";
import type { Stage } from "../ir/check.js";
import { diagnostic, hasErrors, type Diagnostic } from "../ir/diagnostics.js";
import type { TestCase } from "./cases.js";
import { runCase, type Mismatch } from "./run-cases.js";

const show = (v: unknown): string => (v === undefined ? "nothing" : JSON.stringify(v));

/** The model address a mismatch is about: `decisions.<name>`, or `questions.<id>` for an answer. */
function ownerOf(m: Mismatch, c: TestCase): string {
  for (const part of ["decisions", "answers"] as const)
    for (const name of Object.keys(c.expect[part] ?? {})) {
      const at = `${part}.${name}`;
      if (m.path === at || m.path.startsWith(`${at}.`) || m.path.startsWith(`${at}[`))
        return `${part === "answers" ? "questions" : "decisions"}.${name}`;
    }
  return m.path;
}

/** For each decision, the decisions it reads, directly or through others. */
function upstreamOf(decisions: readonly DecisionIR[]): Map<string, Set<string>> {
  const direct = new Map(decisions.map((d) => [d.name, d.deps]));
  const out = new Map<string, Set<string>>();
  const visit = (name: string, seen: Set<string>) => {
    for (const dep of direct.get(name) ?? [])
      if (direct.has(dep) && !seen.has(dep)) {
        seen.add(dep);
        visit(dep, seen);
      }
    return seen;
  };
  for (const d of decisions) out.set(d.name, visit(d.name, new Set()));
  return out;
}

/**
 * One error per decision or question whose expectation fails, leaving out what follows from an
 * earlier failure: a decision that reads a failing decision, and the answer of a failing decision.
 */
export function caseDiagnostics(model: CompiledModel, cases: readonly TestCase[]): Diagnostic[] {
  return perCase(model, cases).flat();
}

/** The `cases` stage of a check: ok when every case passes, and a summary of how many ran. */
export function casesStage(model: CompiledModel, cases: readonly TestCase[], from: string): Stage {
  const found = perCase(model, cases);
  const diagnostics = found.flat();
  const failed = found.filter((ds) => ds.length > 0).length;
  const ran = `${cases.length} case${cases.length === 1 ? "" : "s"} ran`;
  const summary = cases.length === 0 ? `no cases found in ${from}` : failed === 0 ? `${ran}, all passed` : `${ran}, ${failed} failed`;
  return { name: "cases", ok: !hasErrors(diagnostics), diagnostics, summary };
}

function perCase(model: CompiledModel, cases: readonly TestCase[]): Diagnostic[][] {
  const upstream = upstreamOf(model.ir.decisions);
  return cases.map((c) => {
    const outcome = runCase(model, c);
    if (outcome.invalidState)
      return outcome.invalidState.map((e) =>
        diagnostic("cases.invalid-state", { case: c.name, detail: e.message }, { address: e.address }),
      );
    const byOwner = new Map<string, Mismatch>();
    for (const m of outcome.mismatches) if (!byOwner.has(ownerOf(m, c))) byOwner.set(ownerOf(m, c), m);
    const failing = new Set([...byOwner.keys()].filter((o) => o.startsWith("decisions.")).map((o) => o.slice("decisions.".length)));
    const follows = (owner: string): boolean => {
      const [part, name] = [owner.slice(0, owner.indexOf(".")), owner.slice(owner.indexOf(".") + 1)];
      if (part === "questions") return failing.has(name);
      return [...(upstream.get(name) ?? [])].some((d) => failing.has(d));
    };
    return [...byOwner]
      .filter(([owner]) => !follows(owner))
      .map(([owner, m]) =>
        m.absent === undefined
          ? diagnostic(
              "cases.failed",
              { case: c.name, path: m.path, expected: show(m.expected), actual: show(m.actual) },
              { address: owner },
            )
          : diagnostic("cases.unknown-name", { case: c.name, path: m.path, absent: m.absent }, { address: owner }),
      );
  });
}
