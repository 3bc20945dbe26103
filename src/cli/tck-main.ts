// Entry of `npm run tck`: the same command as `pdm tck`, with its help and errors.
import { main } from "./main.js";

process.exitCode = await main(["tck", ...process.argv.slice(2)]);
