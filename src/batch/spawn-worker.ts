// Starting a worker thread from one of this project's modules: directly when it is the built
// chunk, through tsx's loader when it is the TypeScript source (a checkout, the tests).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

export function spawnWorker(url: URL, options: WorkerOptions = {}): Worker {
  if (!/\.[cm]?ts$/.test(url.pathname)) return new Worker(url, options);
  const require = createRequire(url);
  const tsx = pathToFileURL(join(dirname(require.resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  const code = `import(${JSON.stringify(tsx)}).then((t) => t.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`;
  return new Worker(code, { ...options, eval: true });
}
