// Validates a state against the derived input schema: the check written from the schema as straight
// JS (state-check-source.ts), made and loaded on the first validation, so a batch worker whose rows
// are all read as bytes (src/batch/json-row-reader.ts) never makes it; a state it refuses is walked
// for its problems (state-problems.ts). No JSON Schema library is involved.
import { FEEL_FORMATS } from "./formats.js";
import type { StateError } from "./state-errors.js";
import { stateCheckSource } from "./state-check-source.js";
import { stateProblems, type Formats } from "./state-problems.js";

/** The check written for `schema`, loaded. */
function loadCheck(schema: Record<string, unknown>): (state: unknown) => boolean {
  // eslint-disable-next-line no-new-func -- written from the schema: names and values appear only as JSON string and number literals
  return new Function("F", stateCheckSource(schema))(FEEL_FORMATS as Formats) as (state: unknown) => boolean;
}

/** A state's errors against a schema: none for a valid state. */
export interface StateValidator {
  (state: unknown): StateError[];
  /**
   * Makes and loads the check now, as the first validation otherwise does; true when it was made by
   * this call. A caller that yields between stretches of work gives it a turn of its own (the
   * check of 5,000 inputs: about 50 ms, before a refused state's errors are listed).
   */
  prepare(): boolean;
}

/** The validator of states against `schema`. */
export function createStateValidator(schema: Record<string, unknown>): StateValidator {
  let problems: ((state: unknown) => StateError[]) | undefined;
  const made = () => (problems ??= stateProblems(loadCheck(schema), schema, FEEL_FORMATS));
  return Object.assign((state: unknown) => made()(state), {
    prepare: () => problems === undefined && made() !== undefined,
  });
}
