// Where a server's main thread spends its time, by class of work, from V8 CPU profiles: each sample
// goes to the first class (in the order of CLASSES) that any frame of its stack belongs to, so a
// class holds everything its work calls; what no class claims is "other". Idle samples are left
// out; the samples of several profiles (runs) are added up. bench/cpu-classes.ts prints them.
export interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const named = (pattern: RegExp) => (f: Frame) => pattern.test(f.functionName);
const from = (pattern: RegExp) => (f: Frame) => pattern.test(f.url);

/** The classes, in the order a sample's stack is tried against them. */
export const CLASSES: [string, (f: Frame) => boolean][] = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["module loading (start-up)", from(/^node:internal\/modules\//)],
  ["request log (pino)", from(/\/(pino|sonic-boom)\//)],
  ["metrics (prom-client)", from(/\/prom-client\//)],
  ["receipt signature (Ed25519)", named(/^signOneShot$/)],
  ["receipt Merkle tree and leaves", named(/^(merkleTree|leafHash|nodeHash|leafOf)$/)],
  ["receipt canonical JSON", named(/^canonicalJson/)],
  ["receipt JSON text", named(/^receiptText/)],
  ["output and input tokens", (f) => /\/gpt-tokenizer\//.test(f.url) || /^(countTokens|countPrefix|countedTokens)/.test(f.functionName)],
  ["evaluation and its records", named(/^evaluateJob$/)],
  ["ledger: SQLite", from(/\/better-sqlite3\//)],
  ["ledger: PostgreSQL client", from(/\/(pg|pg-protocol)\//)],
  ["answer written to the socket", named(/^(sendPieces|writev|writevGeneric|writeGeneric)$/)],
  ["request body read and parsed", named(/^(readJson|parseBody)$/)],
  ["HTTP parsing (node)", named(/^(parserOnHeadersComplete|parserOnIncoming|parserOnBody|parserOnMessageComplete)$/)],
  ["fastify", from(/\/(fastify|find-my-way|avvio)\//)],
  ["service and server, other", from(/\/dist\//)],
  ["node HTTP, sockets and streams", from(/^node:(_http|net|internal\/streams|internal\/stream_base)/)],
];

const IDLE = new Set(["(idle)"]);
export const place = (f: Frame) =>
  `${f.functionName || "(anonymous)"} ${f.url.replace(/.*\/node_modules\//, "").replace(/.*\/dist\//, "dist/")}:${f.lineNumber + 1}`;

/** Microseconds of samples by class, and by class and the function that was running. */
export function classify(profiles: readonly Profile[]) {
  const byClass = new Map<string, number>();
  const byFunction = new Map<string, Map<string, number>>();
  let total = 0;
  for (const p of profiles) {
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const classOf = new Map<number, string>();
    const classify = (id: number): string => {
      const stack: Frame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(nodes.get(at)!.callFrame);
      const found = CLASSES.find(([, belongs]) => stack.some(belongs));
      return found ? found[0] : "other";
    };
    p.samples.forEach((id, i) => {
      const frame = nodes.get(id)!.callFrame;
      if (IDLE.has(frame.functionName)) return;
      const us = p.timeDeltas[i] ?? 0;
      let c = classOf.get(id);
      if (c === undefined) classOf.set(id, (c = classify(id)));
      total += us;
      byClass.set(c, (byClass.get(c) ?? 0) + us);
      const fns = byFunction.get(c) ?? new Map<string, number>();
      byFunction.set(c, fns);
      fns.set(place(frame), (fns.get(place(frame)) ?? 0) + us);
    });
  }
  return { byClass, byFunction, total };
}
