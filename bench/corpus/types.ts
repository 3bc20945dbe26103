// One model of the realistic benchmark corpus: written for the benchmark (not tuned to the
// compiler), with a generator of random states and a hand-written JS (doubles) equivalent.
export type State = Record<string, unknown>;
type Decisions = Record<string, unknown>;

export interface CorpusModel {
  name: string;
  /** what the model exercises */
  kind: string;
  model: { content: Record<string, unknown>; questions: Record<string, unknown> };
  /** a random state the model accepts; `rnd` returns uniform numbers in [0, 1) */
  state: (rnd: () => number) => State;
  /** the same decisions, written by hand in plain JS on doubles */
  handwritten: (state: State) => Decisions;
}
