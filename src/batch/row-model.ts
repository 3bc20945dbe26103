// What a batch needs of a compiled model: its decisions, input schema, validation and evaluation.
// The main thread compiles once and hands workers the portable part (the generated module source
// and the input schema); a worker rebuilds the model from that with the runtime and a validator,
// so it never loads or runs the compiler (which is most of a worker's start-up otherwise).
import { loadModule } from "../codegen/load.js";
import type { CompiledModel, EvaluateOptions, StateError } from "../compiler.js";
import { createStateValidator } from "../ir/schema/validate.js";
import { entryPoints } from "../runtime/entry.js";
import type { FeelValue } from "../runtime/values.js";

export interface RowModel {
  /** the decisions a batch writes, in the model's order (the CSV columns) */
  decisions: readonly string[];
  inputSchema: Record<string, unknown>;
  validate(state: unknown): { ok: true } | { ok: false; errors: StateError[] };
  evaluate(state: Record<string, unknown>, options?: EvaluateOptions): Record<string, unknown>;
  /** a valid JSON state in, FEEL values out (for records written straight as bytes) */
  evaluateToValues(state: Record<string, unknown>): Record<string, FeelValue>;
}

/** Plain data (structured-clonable): what a worker needs to rebuild a compiled model. */
export interface PortableModel {
  source: string;
  inputSchema: Record<string, unknown>;
  decisions: string[];
}

export const rowModel = (model: CompiledModel): RowModel => ({
  decisions: model.ir.decisions.map((d) => d.name),
  inputSchema: model.inputSchema,
  validate: model.validate,
  evaluate: model.evaluate,
  evaluateToValues: model.evaluateToValues,
});

export const portableModel = (model: CompiledModel): PortableModel => ({
  source: model.source,
  inputSchema: model.inputSchema,
  decisions: model.ir.decisions.map((d) => d.name),
});

const VALID = { ok: true } as const;

/** The model back from its portable part, the way the compiler loads what it generates. */
export function loadPortableModel(portable: PortableModel): RowModel {
  // The source was verified by the compile that produced it, in this process.
  const entry = entryPoints(loadModule(portable.source));
  const validator = createStateValidator(portable.inputSchema);
  return {
    decisions: portable.decisions,
    inputSchema: portable.inputSchema,
    validate(state) {
      const errors = validator(state);
      return errors.length === 0 ? VALID : { ok: false, errors };
    },
    evaluate: entry.evaluate,
    evaluateToValues: entry.evaluateToValues,
  };
}
