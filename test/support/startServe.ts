import { spawn } from "node:child_process";
import { countCliRun } from "./countCliRuns.js";
import { cliPath } from "./runCli.js";

/** The real `mor-throughput serve` on a free loopback port, until stop(). */
export function startServe(out: string): Promise<{ url: string; stop(): Promise<void> }> {
  countCliRun("spawned");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, "serve", "--out", out, "--port", "0", "--json"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("close", () => done());
        child.kill("SIGTERM");
      });
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`serve did not start:\n${stderr}`));
    }, 30_000);
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      try {
        const { url } = JSON.parse(stdout) as { url: string };
        clearTimeout(timer);
        resolve({ url, stop });
      } catch {
        // the JSON is not complete yet
      }
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code}:\n${stderr}`));
    });
  });
}
