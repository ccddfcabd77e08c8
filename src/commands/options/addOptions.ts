import { type Command, Option } from "commander";

/** Flags of the commands that talk to the chain (sync, run). */
export function addChainOptions(command: Command): Command {
  return command
    .addOption(
      new Option("--rpc-url <url>", "JSON-RPC endpoint (default: the Base preset's public endpoint)").env(
        "RPC_URL",
      ),
    )
    .option(
      "--chain <name|id>",
      "base, base-sepolia or a chain id; must match the endpoint (default: what it reports)",
    )
    .option("--contract <address>", "marketplace contract (default: the chain preset's)")
    .option("--from-block <n>", "first block to index (default: the chain preset's start block)")
    .option(
      "--to-block <n|latest|safe|finalized>",
      "last block to index, never past the confirmation depth",
      "latest",
    )
    .option(
      "--confirmations <n>",
      "blocks kept behind the head (default: 30 on Base, 0 on local chains, else 12)",
    )
    .addOption(
      new Option("--rpc-timeout <ms>", "timeout of one HTTP request to the endpoint").env("RPC_TIMEOUT_MS"),
    )
    .addOption(
      new Option("--rpc-retries <n>", "retries of a failed request before exiting 75").env("RPC_RETRIES"),
    )
    .option("--rpc-batch-size <n>", "JSON-RPC calls per batch (shrinks when the endpoint refuses)")
    .option("--rpc-concurrency <n>", "HTTP requests in flight (halves on rate limiting)")
    .option("--no-multicall", "do not use Multicall3 even where the chain has it")
    .option(
      "--time-limit <seconds>",
      "start no new block range after this long: a long backfill goes on in the next run",
    );
}

export function addDbOption(command: Command, fallback = "data/throughput.sqlite"): Command {
  return command.addOption(
    new Option("--db <path>", `SQLite database (default: ${fallback})`).env("DB_PATH"),
  );
}

export function addOutOption(command: Command): Command {
  return command.addOption(new Option("--out <dir>", "output directory (default: out)").env("OUT_DIR"));
}

export function addBuildOptions(command: Command): Command {
  return addOutOption(command).option(
    "--stuck-grace <seconds>",
    "seconds after a session's endsAt before it counts as stuck",
    "3600",
  );
}

export function addLogOptions(command: Command): Command {
  return command
    .option("--json", "print a machine-readable summary on stdout")
    .option("--log-format <format>", "text or json (for log collectors)", "text")
    .option("--quiet", "warnings and errors only")
    .option("--verbose", "debug logs");
}

export function addPortOption(command: Command): Command {
  return command.option("--port <n>", "port on 127.0.0.1", "8080");
}
