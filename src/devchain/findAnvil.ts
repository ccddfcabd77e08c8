import { existsSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { UserError } from "../errors/BaseError.js";

/** The platforms @foundry-rs/anvil has a binary package for (it names x64 "amd64"). */
const platformPackages: Record<string, string> = {
  "linux-x64": "@foundry-rs/anvil-linux-amd64",
  "linux-arm64": "@foundry-rs/anvil-linux-arm64",
  "darwin-x64": "@foundry-rs/anvil-darwin-amd64",
  "darwin-arm64": "@foundry-rs/anvil-darwin-arm64",
  "win32-x64": "@foundry-rs/anvil-win32-amd64",
};

/**
 * The anvil binary the dev chain runs. @foundry-rs/anvil is an optional dependency whose own
 * optional dependencies are one binary package per platform: npm installs the one for this
 * machine. Looked for, in order: that platform package (resolved from @foundry-rs/anvil, as its
 * `anvil` shim does), the binary its postinstall downloads when npm left the platform package out,
 * then `anvil` on `searchPath` (PATH: Foundry installed by foundryup). Without any: a UserError
 * (exit 1) that says what to install.
 */
export function findAnvil(searchPath: string | undefined = process.env.PATH): string {
  const binaryName = process.platform === "win32" ? "anvil.exe" : "anvil";
  const platform = `${process.platform}-${process.arch}`;
  const platformPackage = platformPackages[platform];
  const require = createRequire(import.meta.url);
  let wrapper: string | undefined;
  try {
    wrapper = dirname(require.resolve("@foundry-rs/anvil/package.json"));
  } catch {
    // Not installed (an install without optional dependencies) or failed to install.
  }
  if (wrapper && platformPackage) {
    try {
      const packageJson = createRequire(join(wrapper, "package.json")).resolve(
        `${platformPackage}/package.json`,
      );
      const binary = join(dirname(packageJson), "bin", binaryName);
      if (existsSync(binary)) return binary;
    } catch {
      // The platform package is missing: try the postinstall's download, then PATH.
    }
    const downloaded = join(wrapper, binaryName);
    if (existsSync(downloaded)) return downloaded;
  }
  const onPath = findOnPath(binaryName, searchPath);
  if (onPath) return onPath;

  const foundry = "install Foundry (https://getfoundry.sh) so that `anvil` is on PATH";
  throw new UserError("anvil, the local chain the demo runs, is not installed.", {
    details: platformPackage
      ? `npm installs it with mor-throughput (optional dependency @foundry-rs/anvil, binary ${platformPackage}) ` +
        `unless optional dependencies are left out (--omit=optional, --no-optional): reinstall with them, or ${foundry}.`
      : `npm has no anvil for ${platform} (@foundry-rs/anvil ships ${Object.keys(platformPackages).join(", ")}): ${foundry}.`,
  });
}

/** An `anvil` on PATH, not counting npm's shim of @foundry-rs/anvil (it runs the binary looked for above). */
function findOnPath(binaryName: string, searchPath: string | undefined): string | undefined {
  for (const dir of (searchPath ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, binaryName);
    try {
      if (
        existsSync(candidate) &&
        !realpathSync(candidate).endsWith(join("@foundry-rs", "anvil", "bin.mjs"))
      ) {
        return candidate;
      }
    } catch {
      // A broken link: not an anvil.
    }
  }
  return undefined;
}
