// Entry of `npm run tck`.
import { run } from "./commands/tck.js";

process.exitCode = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
