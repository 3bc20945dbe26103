// What a batch needs of a model: a loaded model (5-load). The main thread compiles once and hands
// workers the loadable part (the generated module source, the input schema and the questions); a
// worker loads it with the runtime and a validator, so it never loads or runs the compiler (which
// is most of a worker's start-up otherwise).
import type { LoadedModel } from "../compiler/5-load/compiled-model.js";

export type RowModel = Pick<LoadedModel, "decisions" | "inputSchema" | "validate" | "evaluate" | "evaluateToValues">;
