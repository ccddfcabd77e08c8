import { runCommandLine } from "./commands/runCommandLine.js";
import { ignoreClosedPipes } from "./util/ignoreClosedPipes.js";

ignoreClosedPipes(process.stdout, process.stderr);
process.exitCode = await runCommandLine(process.argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  onInterrupt(listener) {
    process.once("SIGINT", listener);
    process.once("SIGTERM", listener);
    return () => {
      process.off("SIGINT", listener);
      process.off("SIGTERM", listener);
    };
  },
  exit: (code) => process.exit(code),
});
