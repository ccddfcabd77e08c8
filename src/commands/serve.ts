import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Command } from "commander";
import { apiPath, fileSchemas } from "../api/fileSchemas.js";
import { UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { openApiPath } from "../publish/buildOpenApi.js";
import { createStaticServer } from "../publish/createStaticServer.js";
import { printResult, runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addLogOptions, addOutOption, addPortOption } from "./options/addOptions.js";
import { parseInteger } from "./options/parseValue.js";
import { settleOutputOptions } from "./options/settleOptions.js";

export function serveCommand(): Command {
  const command = new Command("serve").description("serve the published directory on 127.0.0.1 for preview");
  addLogOptions(addPortOption(addOutOption(command)));
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput serve                 # out/ on http://127.0.0.1:8080",
      "npx mor-throughput serve --out /tmp/out --port 0",
    ]),
  );
  return command.action((raw) =>
    runCommand(raw, async (context) => {
      const { out } = settleOutputOptions(raw, context.env);
      const port = parseInteger("--port", raw.port ?? defaultPort, { max: 65_535 });
      checkPublished(out);
      const preview = await listenPreview(out, port, { fallback: false, logger: context.logger });
      const { url } = announcePreview(out, preview, context.logger);
      printResult(context, { url, dashboard: `${url}/`, files: fileUrls(url) });
      await new Promise(() => {}); // until interrupted
    }),
  );
}

/** The preview's port when --port is not given. */
export const defaultPort = 8080;

export type Preview = { server: Server; url: string };

/**
 * Fails unless `out` holds a publication (the API or the dashboard): a server of a missing or
 * empty directory would answer 404 to every URL.
 */
function checkPublished(out: string): void {
  if (existsSync(join(out, apiPath)) || existsSync(join(out, "index.html"))) return;
  throw new UserError(`Nothing is published in ${out}`, {
    details:
      "Expected a directory `mor-throughput run` or `build` published into (--out): run one of them first.",
  });
}

/**
 * The preview server of `out`, listening on 127.0.0.1:`port`. With `fallback`, a busy port is
 * traded for a free one (said in a warning); without, it fails (exit 1).
 */
export async function listenPreview(
  out: string,
  port: number,
  options: { fallback: boolean; logger: Logger },
): Promise<Preview> {
  const server = createStaticServer(out);
  try {
    await listen(server, port);
  } catch (error) {
    if (!options.fallback || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") {
      throw new UserError(`Cannot listen on 127.0.0.1:${port}`, {
        details: `Expected a free port (--port). ${(error as Error).message}`,
        cause: error,
      });
    }
    await listen(server, 0);
    options.logger.warn(
      `port ${port} is taken: serving on port ${(server.address() as AddressInfo).port} instead (--port to choose)`,
    );
  }
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/** Logs where the preview serves the dashboard and every file of the API. */
export function announcePreview(out: string, preview: Preview, logger: Logger): Preview {
  const { url } = preview;
  logger.info(`serving ${out}: the dashboard at ${url}/, the API at ${url}/${apiPath}/`);
  for (const file of fileUrls(url)) logger.info(`  ${file}`);
  return preview;
}

function fileUrls(url: string): string[] {
  return [...Object.keys(fileSchemas), openApiPath].map((path) => `${url}/${apiPath}/${path}`);
}
