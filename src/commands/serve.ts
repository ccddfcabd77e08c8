import { once } from "node:events";
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
      const port = parseInteger("--port", raw.port ?? 8080, { max: 65_535 });
      const { url } = await serveDirectory(out, port, context.logger);
      printResult(context, { url, dashboard: `${url}/`, files: fileUrls(url) });
      await new Promise(() => {}); // until interrupted
    }),
  );
}

/** Starts the preview server and logs the file URLs. */
export async function serveDirectory(out: string, port: number, logger: Logger) {
  const server = createStaticServer(out);
  server.listen(port, "127.0.0.1");
  try {
    await once(server, "listening");
  } catch (error) {
    throw new UserError(`Cannot listen on 127.0.0.1:${port}`, {
      details: `Expected a free port (--port). ${(error as Error).message}`,
      cause: error,
    });
  }
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  logger.info(`serving ${out}: the dashboard at ${url}/, the API at ${url}/${apiPath}/`);
  for (const file of fileUrls(url)) logger.info(`  ${file}`);
  return { server, url };
}

function fileUrls(url: string): string[] {
  return [...Object.keys(fileSchemas), openApiPath].map((path) => `${url}/${apiPath}/${path}`);
}
