import type { Command } from "commander";

/** Collects a repeatable flag's values in the order given. */
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Flags of the commands that talk to the chains (sync, run, verify): the endpoints and how to ask them. Defaults are settled in settleOptions.ts. */
export function addEndpointOptions(command: Command): Command {
  return command
    .option(
      "--rpc-url <url>",
      "JSON-RPC endpoint, repeatable: each chain's in configuration order, several of one chain a pool [RPC_URL, RPC_URL_<chainId>: URLs separated by spaces or commas] (default: the base and arbitrum presets' public endpoints)",
      collect,
    )
    .option(
      "--chain <name|id>",
      "base, arbitrum, base-sepolia or a chain id, repeatable: the chains to index (each endpoint must serve one)",
      collect,
    )
    .option(
      "--contract <[chainId=]address>",
      "marketplace contract, for every chain or one (default: the chain preset's)",
      collect,
    )
    .option("--rpc-timeout <ms>", "timeout of one HTTP request [RPC_TIMEOUT_MS] (default: 30000)")
    .option("--rpc-retries <n>", "retries of a failed request before exiting 75 [RPC_RETRIES] (default: 6)")
    .option("--rpc-batch-size <n>", "JSON-RPC calls per batch, shrinks when refused (default: 100)")
    .option(
      "--rpc-concurrency <n>",
      "HTTP requests in flight per endpoint, halves on rate limiting (default: 4)",
    )
    .option(
      "--no-multicall",
      "plain eth_calls: no Multicall3 even where the chain has it, no aggregation where it has none",
    );
}

/** Flags of the commands that sync (sync, run): the endpoints', then which blocks to index and for how long. */
export function addChainOptions(command: Command): Command {
  return addEndpointOptions(command)
    .option(
      "--from-block <[chainId=]n>",
      "first block to index (default: the contract's creation block, else the preset's start block)",
      collect,
    )
    .option(
      "--to-block <[chainId=]n|latest|safe|finalized>",
      "last block to index, never past the confirmation depth (default: latest)",
      collect,
    )
    .option(
      "--confirmations <[chainId=]n>",
      "blocks kept behind the head (default: 30 on Base, 240 on Arbitrum, 0 on local chains, else 12)",
      collect,
    )
    .option(
      "--time-limit <seconds>",
      "start no new block range after this long: a long backfill goes on in the next run",
    )
    .option(
      "--accept-upgrade <[chainId=]block>",
      "go on past the contract upgrade at this block although stored records read differently through its new code (docs/upgrades.md), repeatable",
      collect,
    );
}

export function addDbOption(command: Command, fallback = "data/throughput.sqlite"): Command {
  return command.option("--db <path>", `SQLite database [DB_PATH] (default: ${fallback})`);
}

export function addOutOption(command: Command): Command {
  return command.option("--out <dir>", "output directory [OUT_DIR] (default: out)");
}

export function addBuildOptions(command: Command): Command {
  return addOutOption(command)
    .option(
      "--stuck-grace <seconds>",
      "seconds after a session's endsAt before it counts as stuck (default: 3600)",
    )
    .option(
      "--update-interval <seconds>",
      "how often the publication is updated, for meta.json: older than twice this is stale (default: 3600)",
    )
    .option(
      "--snapshot",
      "publish a snapshot of the index beside the API (api/throughput/snapshot.ndjson.gz), named in meta.json",
    );
}

export function addLogOptions(command: Command): Command {
  return command
    .option("--json", "print one JSON object on stdout: the summary, or the error")
    .option("--log-format <format>", "text or json, for log collectors (default: text)")
    .option("--quiet", "warnings and errors only")
    .option("--verbose", "debug logs");
}

export function addPortOption(command: Command): Command {
  return command.option("--port <n>", "port on 127.0.0.1; 0: any free port (default: 8080)");
}
