// The `pdm` command line: one module per command, loaded on demand.
import { print, UserError, type Command, type Io } from "./io.js";

type Loader = () => Promise<{ run: Command }>;

const COMMANDS: Record<string, { load: Loader; help: string }> = {
  check: { load: () => import("./commands/check.js"), help: "check <model.json> [--json]        validate a model, print stages and diagnostics" },
  run: { load: () => import("./commands/run.js"), help: "run <model.json> --state <file|->  evaluate a model on a state" },
  compile: { load: () => import("./commands/compile.js"), help: "compile <model.json> (-o <file.mjs> | --package <dir>) [--numbers double]  ahead-of-time module or npm package" },
  score: { load: () => import("./commands/score.js"), help: "score <model.json> --in <file|-> --out <file|-> [--workers N]  batch scoring of JSONL/CSV" },
  demo: { load: () => import("./commands/demo.js"), help: "demo                               check, compile and run every sample" },
  "import-dmn": { load: () => import("./commands/import-dmn.js"), help: "import-dmn <file.dmn> [-o model.json]  convert a DMN 1.1–1.5 model" },
  tck: { load: () => import("./commands/tck.js"), help: "tck [--dir DIR] [--out results.csv]  run the DMN TCK" },
  serve: { load: () => import("./commands/serve.js"), help: "serve [--port 8080] [--host 127.0.0.1] [--db FILE]  run the HTTP service" },
  accounts: { load: () => import("./commands/accounts.js"), help: "accounts create --name N [--balance USD]" },
  keys: { load: () => import("./commands/keys.js"), help: "keys create --account N | keys revoke ..." },
  balance: { load: () => import("./commands/balance.js"), help: "balance --account N [--json]" },
  topup: { load: () => import("./commands/topup.js"), help: "topup --account N --usd X" },
};

function usage(): string {
  return ["usage: pdm <command> [options]", "", ...Object.values(COMMANDS).map((c) => `  pdm ${c.help}`)].join("\n");
}

export async function main(argv: string[], io: Io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    print(name && name !== "--help" && name !== "help" ? io.stderr : io.stdout, usage());
    return name && name !== "--help" && name !== "help" ? 2 : 0;
  }
  try {
    const { run } = await command.load();
    return await run(args, io);
  } catch (e) {
    if (e instanceof UserError) {
      print(io.stderr, e.message);
      return e.exitCode;
    }
    if (e instanceof TypeError && (e as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      print(io.stderr, `${e.message}\n${usage()}`);
      return 2;
    }
    throw e;
  }
}
