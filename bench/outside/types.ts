// A model of the outside benchmark: a corpus model (bench/corpus/types.ts) that also says how its
// decisions are compared, and whether it needs the lenient check (hit policies other than FIRST).
import type { CorpusModel } from "../corpus/types.js";

export interface OutsideModel extends CorpusModel {
  /** decisions the model does not round: their numbers agree within 1e-9 relative, all others exactly */
  approximate: readonly string[];
  /** checked leniently: the model uses a hit policy other than FIRST */
  lenient?: boolean;
}
