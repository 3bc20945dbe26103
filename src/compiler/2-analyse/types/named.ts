// The `types` section: named types may reference each other in any order; a definition that
// reaches itself is reported (a static type is a finite tree) and stands for `any`.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { Type } from "../../../ir/types.js";
import { parseTypeSpec, type TypeEnv } from "./parse-type.js";

export function namedTypeEnv(specs: Record<string, unknown>, base: Omit<TypeEnv, "named" | "namedNames">): TypeEnv {
  const memo = new Map<string, Type>();
  const active: string[] = [];
  const reported = new Set<string>();
  const env: TypeEnv = { ...base, namedNames: Object.keys(specs), named: (name) => resolve(name) };
  const resolve = (name: string): Type | undefined => {
    if (!Object.hasOwn(specs, name)) return undefined;
    const done = memo.get(name);
    if (done) return done;
    if (active.includes(name)) {
      const cycle = [...active.slice(active.indexOf(name)), name];
      const key = [...new Set(cycle)].sort().join("\u0000");
      if (!reported.has(key)) {
        reported.add(key);
        // a static type is a finite tree; the DMN TCK counts self-referencing item definitions
        // as non-compliant too (non-compliant/0088-recursion)
        base.sink.push(diagnostic("types.recursive", { cycle }, { address: `types.${name}` }));
      }
      return { kind: "any" };
    }
    active.push(name);
    const t = parseTypeSpec(specs[name], `types.${name}`, env);
    active.pop();
    memo.set(name, t);
    return t;
  };
  return env;
}

/** Every named type, resolved (reporting problems once each). */
export const resolveNamedTypes = (env: TypeEnv): Record<string, Type> => Object.fromEntries(env.namedNames.map((n) => [n, env.named(n)!]));
