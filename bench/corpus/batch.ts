// A corpus model as batch input for `pdm score`: the model written to a file, its random states
// as JSONL blocks with an id per row.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BatchInput } from "../batch/run-batch.js";
import { seeded } from "./random.js";
import type { CorpusModel } from "./types.js";

export function corpusBatch(m: CorpusModel): BatchInput {
  const modelPath = join(mkdtempSync(join(tmpdir(), `pdm-bench-${m.name}-`)), "model.json");
  writeFileSync(modelPath, JSON.stringify(m.model));
  function* jsonl(rows: number, block = 10_000): Generator<string> {
    const rnd = seeded(rows);
    for (let start = 0; start < rows; start += block) {
      const lines: string[] = [];
      for (let i = start; i < Math.min(rows, start + block); i++) lines.push(JSON.stringify({ id: `r${i}`, ...m.state(rnd) }));
      yield `${lines.join("\n")}\n`;
    }
  }
  return { model: m.name, modelPath, jsonl, handwritten: true };
}
