// The compiler as the runner sees it: lenient compilation, diagnostics of every failed stage.
import { compileModel } from "../compiler/index.js";
import type { Compile } from "./runner.js";

export const compileLenient: Compile = (content) => {
  const r = compileModel(content, { strict: false });
  if (r.ok) return { ok: true, model: r.model };
  return { ok: false, diagnostics: r.check.stages.flatMap((s) => s.diagnostics) };
};
