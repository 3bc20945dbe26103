// How often a run's body uses each input's JS ids, counted in one pass over the body. Counting each
// input's ids with a regular expression over the whole body cost inputs × body: 3,000 inputs
// read by one decision took minutes.

/** An input's FEEL value converted on its first read: `(i0 !== undefined ? i0 : (i0 = convert))`. */
export const firstRead = (id: string, convert: string): string => `(${id} !== undefined ? ${id} : (${id} = ${convert}))`;

// where a `firstRead` starts, with its id
const FIRST_READ_START = /\((\w+) !== undefined \? \1 : \(\1 = /g;

const wordRuns = (code: string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const [w] of code.matchAll(/\w+/g)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
};

export interface BodyUses {
  /** the uses of an id (a whole word: `i1` is not a use of `i10`) */
  uses(id: string): number;
  /** the uses of an id outside the places its `read` (a `firstRead` of it) is written */
  usesBeside(id: string, read: string): number;
}

export function bodyUses(body: string): BodyUses {
  const words = wordRuns(body);
  // the places each id's first read may be written (checked against the read itself when asked)
  const starts = new Map<string, number[]>();
  for (const m of body.matchAll(FIRST_READ_START)) {
    const at = starts.get(m[1]!) ?? [];
    at.push(m.index);
    starts.set(m[1]!, at);
  }
  const uses = (id: string) => words.get(id) ?? 0;
  return {
    uses,
    usesBeside(id, read) {
      const reads = (starts.get(id) ?? []).filter((at) => body.startsWith(read, at)).length;
      return uses(id) - reads * (wordRuns(read).get(id) ?? 0);
    },
  };
}
