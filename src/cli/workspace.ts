// What the playground page opens: one model file with the cases kept beside it (pdm playground),
// or the package's samples, read only (pdm serve). Also where the built page is.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkModel } from "../compiler/index.js";
import { loadCases } from "../model-tests/cases.js";
import type { Workspace, WorkspaceModel } from "../server/routes/web.js";
import { packageRoot } from "./io.js";

/** The folder the build writes the page to: dist/web beside the CLI bundle (or the repository's, run from source). */
export function webRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, "web"), join(dir, "dist", "web")]) if (existsSync(join(candidate, "index.html"))) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** A model file and the cases in the `cases/` folder beside it (as `pdm test` finds them). */
async function modelWithCases(name: string, file: string): Promise<WorkspaceModel> {
  const text = await readFile(file, "utf8");
  const casesDir = join(dirname(file), "cases");
  if (!existsSync(casesDir)) return { name, text, cases: [] };
  try {
    // CSV cases read their cells by the input schema; an unreadable model has none
    let schema: Record<string, unknown> = {};
    try {
      schema = checkModel(JSON.parse(text) as Record<string, unknown>).input;
    } catch {
      // the page shows why the model does not parse
    }
    const cases = loadCases([casesDir], schema).map((c) => ({ name: c.name, state: c.state, expect: c.expect }));
    return { name, text, cases };
  } catch (e) {
    return { name, text, cases: [], casesError: (e as Error).message };
  }
}

export function fileWorkspace(file: string): Workspace {
  const name = basename(file);
  return {
    mode: "file",
    models: async () => [await modelWithCases(name, file)],
    async save(saved, text) {
      if (saved !== name) return false;
      writeFileSync(file, text.endsWith("\n") ? text : `${text}\n`);
      return true;
    },
  };
}

export function samplesWorkspace(folder: string = join(packageRoot(), "samples")): Workspace {
  return {
    mode: "samples",
    models: async () => {
      const names = existsSync(folder) ? readdirSync(folder).sort() : [];
      const files = names.map((n) => [n, join(folder, n, "model.json")] as const).filter(([, f]) => existsSync(f));
      return Promise.all(files.map(([n, f]) => modelWithCases(n, f)));
    },
  };
}
