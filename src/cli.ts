import { createProgram } from "./commands/createProgram.js";
import { parseCommandLine } from "./commands/parseCommandLine.js";
import { ignoreClosedPipes } from "./util/ignoreClosedPipes.js";

ignoreClosedPipes(process.stdout, process.stderr);
await parseCommandLine(createProgram(), process.argv);
