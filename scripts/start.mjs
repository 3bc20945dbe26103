// `npm start`: build, then serve in this same process, so that a signal sent to `npm start`
// (Ctrl-C, SIGTERM from a supervisor) reaches the server itself and stops it gracefully.
import { execFileSync } from "node:child_process";
import { fileURLToPath, URL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
const { main } = await import(new URL("../dist/cli.mjs", import.meta.url).href);
process.exitCode = await main(["serve", ...process.argv.slice(2)]);
