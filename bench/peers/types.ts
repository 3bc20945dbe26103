// A peer engine running one bench case: evaluate takes the case's JSON state and returns every
// decision under the model's names, so its results can be checked against the hand-written ones.
type State = Record<string, unknown>;
type Decisions = Record<string, unknown>;

export interface Peer {
  engine: string;
  /** how the logic is expressed in this engine, for the results' notes */
  form: string;
  evaluate(state: State): Promise<Decisions> | Decisions;
}
