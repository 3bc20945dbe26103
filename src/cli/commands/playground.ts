// `pdm playground <model.json>`: the playground page for one model file, served on loopback with
// no account (no ledger, no key); the page writes the file back only when the user saves.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ledgerLocation } from "../../ledger/open.js";
import { DEFAULTS, startServer } from "../../server/start.js";
import { command, str, type CommandSpec } from "../command.js";
import { EXIT, UserError } from "../io.js";
import { MODEL_ARGUMENT } from "../load-model.js";
import { untilSignal } from "../until-signal.js";
import { fileWorkspace, webRoot } from "../workspace.js";

export const spec: CommandSpec = {
  name: "playground",
  summary: "edit, check, run and test one model file in the playground page, on loopback without an account",
  positionals: [MODEL_ARGUMENT],
  options: {
    port: { type: "string", value: "PORT", default: "8090", description: "the TCP port on 127.0.0.1; 0 picks a free one" },
  },
  details: `Serves the playground page at http://127.0.0.1:PORT/ for the model file given, with the test cases
in the cases/ folder beside it. Nothing needs a key: the service runs unmetered and answers only on
the loopback address. The file is written only when Save is pressed in the page.`,
  examples: ["pdm playground samples/lending/model.json", "pdm playground model.json --port 0"],
  exits: {
    0: "stopped by SIGINT, SIGTERM or SIGHUP",
    1: "the server could not start",
    2: "the file does not exist, or the arguments are wrong",
  },
};

export const run = command(spec, async (args, io) => {
  const file = resolve(args.positionals[0]!);
  if (!existsSync(file)) throw new UserError(`pdm playground: ${args.positionals[0]} does not exist`, EXIT.unreadable);
  const text = str(args, "port")!;
  const port = Number(text);
  if (text.trim() === "" || !Number.isSafeInteger(port) || port < 0 || port > 65535)
    throw new UserError(`pdm playground: --port must be a port number, got ${JSON.stringify(text)}`, EXIT.unreadable);
  let server;
  try {
    server = await startServer({
      ...DEFAULTS,
      port,
      host: "127.0.0.1",
      location: ledgerLocation(undefined),
      noLedger: true,
      bootstrap: false,
      rateLimit: { max: 0, windowMs: DEFAULTS.rateLimit.windowMs },
      logLevel: "silent",
      shutdownMs: 2_000,
      web: { root: webRoot(), workspace: fileWorkspace(file) },
    });
  } catch (e) {
    io.stderr.write(`pdm playground: ${(e as Error).message}\n`);
    return 1;
  }
  const stopped = untilSignal(server, io, "pdm playground");
  if (!webRoot()) io.stderr.write("pdm playground: the page is not built; run `npm run build` first\n");
  io.stdout.write(`pdm playground: ${args.positionals[0]} on ${server.url}/ (loopback only, no account; Ctrl-C stops it)\n`);
  return stopped;
});
