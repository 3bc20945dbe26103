// "Did you mean ...?": the closest candidate by edit distance, when it is close enough to help.
// The work is bounded whatever the names: a name past SUGGESTED_CHARS gets no suggestion, a
// candidate whose length alone puts it out of reach costs one cell, a distance stops once it is out
// of reach, and one suggestion computes at most SUGGEST_CELLS cells (past them, the best so far);
// a caller that seeks many suggestions (one per key of a request) shares one budget among them,
// and so does a whole Check (withSuggestBudget): past CHECK_SUGGEST_CELLS its names get none.
// Names come from requests (state keys, request fields) and from models, so a suggestion is never
// the place where a long name or a long list of names costs time.

/** The longest name a suggestion is sought for (and the longest candidate it may suggest). */
export const SUGGESTED_CHARS = 100;

/** The edit-distance cells one suggestion may compute over all its candidates. */
export const SUGGEST_CELLS = 200_000;

/**
 * The edit-distance cells the suggestions for all the names of one request share (its state's keys,
 * its unknown fields): a request may have a hundred thousand of them.
 */
export const REQUEST_SUGGEST_CELLS = 5 * SUGGEST_CELLS;

/**
 * The edit-distance cells one Check may compute over all its suggestions: about a tenth of a
 * second. A model of 5,000 decisions each naming an unknown name sought 5,000 suggestions among
 * 5,000 names, 200,000 cells each: past the compile time limit.
 */
export const CHECK_SUGGEST_CELLS = 10_000_000;

/** Edit-distance cells left to compute: one suggestion's own, or shared by several. */
export interface SuggestBudget {
  cells: number;
}

/** The budget the suggestions of the running Check share, when one runs. */
let shared: SuggestBudget | undefined;

/** Runs `fn` (synchronous) with its suggestions sharing `cells` among them. */
export function withSuggestBudget<T>(cells: number, fn: () => T): T {
  const outer = shared;
  shared = { cells };
  try {
    return fn();
  } finally {
    shared = outer;
  }
}

/** One suggestion's budget: its own cells, or fewer when the Check's shared budget has fewer left; what it spends leaves the shared one. */
function spending<T>(fn: (budget: SuggestBudget) => T): T {
  const start = Math.min(SUGGEST_CELLS, shared?.cells ?? SUGGEST_CELLS);
  const budget = { cells: start };
  try {
    return fn(budget);
  } finally {
    if (shared) shared.cells -= start - Math.max(budget.cells, 0);
  }
}

/** The edit distance of `a` and `b` when it is at most `max`; otherwise some number above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0]!;
    prev[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diagonal + cost);
      diagonal = above;
      if (prev[j]! < least) least = prev[j]!;
    }
    // every later row is at least this row's least
    if (least > max) return max + 1;
  }
  return prev[b.length]!;
}

/**
 * The best candidate within max(2, a third of the name's length) edits; case differences count as
 * half. Within the bounds above: a longer name, or candidates past the budget's cells, are not compared.
 */
export function suggest(name: string, candidates: Iterable<string>, budget: SuggestBudget = { cells: SUGGEST_CELLS }): string | undefined {
  if (name.length > SUGGESTED_CHARS || budget.cells <= 0) return undefined;
  const limit = Math.max(2, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    // a cell for looking at the candidate, so that a long list out of reach costs the budget too
    if (--budget.cells < 0) break;
    if (c === name || c.length > SUGGESTED_CHARS || Math.abs(c.length - name.length) > limit + 1) continue;
    budget.cells -= 2 * name.length * c.length;
    if (budget.cells < 0) break;
    const score = Math.min(editDistance(name, c, limit), editDistance(lower, c.toLowerCase(), limit) + 0.5);
    if (score <= limit && score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** Known confusions: a name from another language, and what it is called here (2-analyse/known-confusions.ts). */
export type Confusions = Readonly<Record<string, readonly string[]>>;

/**
 * What `name` probably meant: the known confusion for it or for its first word (`integer [0..20]`
 * gives `number [0..20]`), keeping only suggestions among the candidates; else the nearest spelling.
 */
export function suggestions(name: string, candidates: Iterable<string>, confusions: Confusions = {}): string[] {
  const head = /^\S+/.exec(name)?.[0] ?? name;
  const key = [name, head].find((k) => Object.hasOwn(confusions, k));
  if (key !== undefined) {
    const known = new Set(candidates);
    const found = confusions[key]!.filter((m) => known.has(m)).map((m) => m + name.slice(key.length));
    if (found.length > 0) return found;
  }
  const s = spending((budget) => suggest(name, candidates, budget));
  return s === undefined ? [] : [s];
}

const listed = (names: readonly string[]): string => {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
};

export const didYouMean = (name: string, candidates: Iterable<string>, confusions: Confusions = {}): string => {
  const s = suggestions(name, candidates, confusions);
  return s.length === 0 ? "" : `; did you mean ${listed(s)}?`;
};
