// Completes package-lock.json for `npm ci` on other platforms than the one it was written on.
//
// The npm registry reachable from our build machines serves only Linux builds of platform
// packages (@biomejs/cli-win32-x64 and the like answer 404). `npm install` then leaves those
// optional dependencies out of the lock file, and `npm ci` refuses the lock as out of sync.
// This script adds an entry for every optional dependency the lock file lacks, with its
// platform constraints read from its name, so that npm skips it where it does not apply.
// Run it after any `npm install` that changes dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

const osNames = {
  win32: "win32",
  windows: "win32",
  darwin: "darwin",
  linux: "linux",
  android: "android",
  freebsd: "freebsd",
  openbsd: "openbsd",
  netbsd: "netbsd",
  sunos: "sunos",
  aix: "aix",
};
const cpuNames = {
  x64: "x64",
  amd64: "x64",
  arm64: "arm64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  mips64el: "mips64el",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.map((part) => osNames[part]).find(Boolean);
  const cpu = parts.map((part) => cpuNames[part]).find(Boolean);
  const libc = os !== "linux" ? undefined : parts.includes("musl") ? "musl" : "glibc";
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === "" ? "node_modules" : `${key}/node_modules`;
    if (packages[`${base}/${dependency}`] || packages[`node_modules/${dependency}`]) continue;
    const { os, cpu, libc } = platformOf(dependency);
    if (!os || !cpu) continue; // not a platform package: leave it to npm
    packages[`node_modules/${dependency}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
