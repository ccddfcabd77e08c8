import { type ChildProcess, spawn } from "node:child_process";
import { BaseError } from "../errors/BaseError.js";
import { findAnvil } from "./findAnvil.js";
import { nodeCallGasCap } from "./nodeCallGasCap.js";

export type AnvilNode = {
  rpcUrl: string;
  port: number;
  process: ChildProcess;
  /** Kills the node and waits until it has exited. Safe to call more than once. */
  stop(): Promise<void>;
};

export type StartAnvilOptions = {
  /** The anvil binary; default: findAnvil()'s. */
  binary?: string;
  /** Genesis block timestamp (unix seconds). History in the past needs a genesis earlier than it. */
  timestamp?: number;
  /** Default 31337. */
  chainId?: number;
  /**
   * Keep no state of past blocks (anvil --prune-history): memory stays flat while a large history
   * is written, but views can only be read at the head. Default false (past state readable).
   */
  pruneHistory?: boolean;
};

const startTimeoutMs = 30_000;
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Starts a local anvil on a free loopback port, with a real node's limits on calls (EIP-170, a
 * gas cap of nodeCallGasCap) and no limit on a request's size, and waits until it answers
 * eth_chainId. Its output is swallowed.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilNode> {
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    "0",
    "--chain-id",
    String(options.chainId ?? 31337),
    // Pinned to Prague: Osaka caps a transaction at 2^24 gas (EIP-7825), which seeding transactions exceed.
    "--hardfork",
    "prague",
    // An eth_call gets the block gas limit: a real node's cap. One transaction of writeHistory
    // writes thousands of sessions: it lifts the limit while it writes. No limit on request size.
    "--gas-limit",
    String(nodeCallGasCap),
    "--no-request-size-limit",
    "--accounts",
    "3",
  ];
  if (options.timestamp !== undefined) args.push("--timestamp", String(options.timestamp));
  if (options.pruneHistory) args.push("--prune-history");

  // Its own process group: when the binary is a wrapper that spawns the real one (an `anvil` on
  // PATH may be), killing the group kills both.
  const child = spawn(options.binary ?? findAnvil(), args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  installExitHook();
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      running.delete(child);
      resolve();
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) kill(child);
    await exited;
  };

  try {
    const port = await listeningPort(child);
    const rpcUrl = `http://127.0.0.1:${port}`;
    await waitForRpc(rpcUrl);
    return { rpcUrl, port, process: child, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Reads stdout until anvil prints "Listening on 127.0.0.1:<port>", then drains the rest unread. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = "";
    let stderr = "";
    const timer = setTimeout(() => fail("anvil did not report a listening port in time."), startTimeoutMs);
    const onStdout = (chunk: Buffer): void => {
      seen += chunk.toString("utf8");
      const match = /Listening on [^\s:]+:(\d+)/.exec(seen);
      if (match?.[1]) {
        cleanup();
        resolve(Number(match[1]));
      } else if (seen.length > 100_000) {
        seen = seen.slice(-1000);
      }
    };
    const onStderr = (chunk: Buffer): void => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4000);
    };
    const onExit = (code: number | null): void => fail(`anvil exited early (code ${code}).`);
    const onError = (error: Error): void => fail(`anvil could not be started: ${error.message}`);
    function cleanup(): void {
      clearTimeout(timer);
      child.stdout?.off("data", onStdout);
      child.off("exit", onExit);
      child.off("error", onError);
      // Keep draining both pipes, or anvil blocks once a pipe buffer fills with its request log.
      child.stdout?.resume();
      child.stderr?.resume();
    }
    function fail(message: string): void {
      cleanup();
      reject(new BaseError(message, stderr ? { details: stderr.trim() } : {}));
    }
    child.stdout?.on("data", onStdout);
    child.stderr?.on("data", onStderr);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}

async function waitForRpc(rpcUrl: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (typeof body.result === "string") return;
    } catch {
      // Not accepting connections yet.
    }
    if (Date.now() > deadline) throw new BaseError("anvil did not answer eth_chainId in time.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One hook for all nodes: kill whatever is still running when this process exits. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of running) kill(child);
  });
}

function kill(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}
