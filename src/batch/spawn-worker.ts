// Starting a worker thread or a child process from one of this project's modules: directly when it
// is the built chunk, through tsx's loader when it is the TypeScript source (a checkout, the tests).
import { fork, type ChildProcess, type ForkOptions } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

const isSource = (url: URL): boolean => /\.[cm]?ts$/.test(url.pathname);

/** A file of tsx's, as a URL: `dist/esm/api/index.mjs` (tsImport) or `dist/loader.mjs` (--import). */
function tsxFile(url: URL, file: string): string {
  const require = createRequire(url);
  return pathToFileURL(join(dirname(require.resolve("tsx/package.json")), file)).href;
}

export function spawnWorker(url: URL, options: WorkerOptions = {}): Worker {
  if (!isSource(url)) return new Worker(url, options);
  const tsx = tsxFile(url, "dist/esm/api/index.mjs");
  const code = `import(${JSON.stringify(tsx)}).then((t) => t.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`;
  return new Worker(code, { ...options, eval: true });
}

/**
 * A child process running the module at `url`, with an IPC channel (structured-clone serialization,
 * so shared objects stay shared). `execArgv` are node's own flags (heap and stack limits).
 */
export function spawnProcess(url: URL, execArgv: string[], options: Omit<ForkOptions, "execArgv" | "serialization"> = {}): ChildProcess {
  const loader = isSource(url) ? ["--import", tsxFile(url, "dist/loader.mjs")] : [];
  return fork(fileURLToPath(url), [], { ...options, execArgv: [...loader, ...execArgv], serialization: "advanced" });
}
