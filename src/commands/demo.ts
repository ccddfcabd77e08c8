import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { cliIo } from "./cliIo.js";
import { connectChains } from "./connectChains.js";
import { printResult, runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addBuildOptions, addDbOption, addLogOptions, addPortOption } from "./options/addOptions.js";
import { parseInteger } from "./options/parseValue.js";
import { fromEnvironment, settleChainOptions, settleOutputOptions } from "./options/settleOptions.js";
import { announcePreview, defaultPort, listenPreview } from "./serve.js";
import { renderRunSummary } from "./summary/renderRunSummary.js";
import { syncAndBuild } from "./syncAndBuild.js";

/** The demo history ends here, so that every demo publishes the same numbers. */
const demoEndTime = Date.UTC(2026, 10, 20, 12, 0, 0) / 1000;

export function demoCommand(): Command {
  const command = new Command("demo")
    .description(
      "two local chains shaped like the marketplace (Arbitrum One's older history, Base's newer) + run + serve (offline)",
    )
    .option("--no-serve", "publish and exit")
    .option("--days <n>", "days from the launch to the end, both chains (default: 735)")
    .option(
      "--sessions-per-day <n>",
      "average sessions a day on Base, half as many on Arbitrum (default: 60)",
    )
    .option("--seed <n>", "seed of the generated history (default: 1)");
  addLogOptions(addPortOption(addBuildOptions(addDbOption(command, "a temporary file, removed on exit"))));
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput demo",
      "npx mor-throughput demo --no-serve --days 30 --out /tmp/demo-out",
    ]),
  );
  return command.action((raw) =>
    runCommand(raw, async (context) => {
      const { logger } = context;
      const days = parseInteger("--days", raw.days ?? 735, { min: 1, max: 3650 });
      const sessionsPerDay = parseInteger("--sessions-per-day", raw.sessionsPerDay ?? 60, {
        min: 1,
        max: 100_000,
      });
      const seed = parseInteger("--seed", raw.seed ?? 1);
      const port = parseInteger("--port", raw.port ?? defaultPort, { max: 65_535 });
      const output = settleOutputOptions(raw, context.env);
      // anvil (an optional dependency) first: without it, exit 1 saying what to install, having made nothing.
      const anvil = (await import("../devchain/findAnvil.js")).findAnvil(context.env.PATH);
      // Then the port, before minutes of work: a --port that is taken exits 1 at once; the default
      // one, taken, is traded for a free one. The server answers 404 until the files are published.
      const preview =
        raw.serve === false
          ? undefined
          : await listenPreview(output.out, port, { fallback: raw.port === undefined, logger });
      try {
        const temporary = raw.db === undefined && fromEnvironment(context.env, "DB_PATH") === undefined;
        // Below the run's TMPDIR (the system's temporary folder when it has none).
        const temp = fromEnvironment(context.env, "TMPDIR") ?? tmpdir();
        const scratch = temporary ? mkdtempSync(join(temp, "mor-throughput-demo-")) : undefined;
        const db = scratch ? join(scratch, "demo.sqlite") : output.db;

        // The dev-chain tooling: loaded only here.
        const { startDemoNetwork } = await import("../devchain/startDemoNetwork.js");
        const started = performance.now();
        let network: Awaited<ReturnType<typeof startDemoNetwork>> | undefined;
        const cleanup = async () => {
          await network?.stop();
          if (scratch) rmSync(scratch, { recursive: true, force: true });
        };
        // Exit as a shell reports a signal's death (128 + its number), once everything is removed.
        const io = cliIo();
        const unsubscribe = io.onInterrupt((signal) => {
          void cleanup().finally(() => io.exit(signal === "SIGINT" ? 130 : 143));
        });
        try {
          network = await startDemoNetwork({
            seed,
            days,
            sessionsPerDay,
            endTime: demoEndTime,
            binary: anvil,
            onProgress: (message, fields) => logger.info(message, fields),
          });
          // As a real deployment runs: one endpoint per chain, base first, the presets' contracts;
          // no --from-block, so each chain starts at its contract's creation block.
          const chains = await connectChains(
            settleChainOptions(
              { rpcUrl: network.chains.map((chain) => chain.rpcUrl), confirmations: ["0"] },
              {},
            ),
            logger,
          );
          const summary = await syncAndBuild(chains, { ...output, db }, {}, context);
          const result = { ...summary, seconds: Math.round((performance.now() - started) / 100) / 10 };
          logger.info(`demo published in ${((performance.now() - started) / 1000).toFixed(1)} s`);
          printResult(context, result, renderRunSummary);
          if (preview) {
            await network.stop();
            announcePreview(output.out, preview, logger);
            logger.info("press Ctrl+C to stop");
            await new Promise(() => {});
          }
          return undefined;
        } finally {
          unsubscribe();
          await cleanup();
        }
      } finally {
        preview?.server.close();
      }
    }),
  );
}
