/** One package of a package-lock.json (lockfileVersion 3), as far as the installs below read it. */
export type LockEntry = {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [field: string]: unknown;
};

export type Lockfile = { lockfileVersion: number; packages: Record<string, LockEntry> };

/** What of a package.json the lock of its tarball needs. */
export type Manifest = {
  name: string;
  version: string;
  license?: string;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

/**
 * An app that depends on a packed tarball (`spec`, e.g. "file:../pkg-1.0.0.tgz"), and the lock file
 * that installs it with the checkout's versions of the manifest's dependencies: every package the
 * tarball needs at run time, found in `checkoutLock` as Node would resolve it (nested first, then
 * up to the top), with its optional dependencies and its required peers, and nothing else (no dev
 * dependencies, no optional peers). With this lock, `npm ci --offline` installs the tarball from the
 * npm cache that the checkout's own `npm ci` filled: no registry request at test time (`npm install`
 * would ask the registry for every package's metadata, which that cache does not hold).
 * Throws, naming the package, when a dependency is not in the checkout's lock.
 */
export function lockForTarball(
  checkoutLock: Lockfile,
  manifest: Manifest,
  spec: string,
): { packageJson: Record<string, unknown>; lock: Lockfile } {
  const entries: Record<string, LockEntry> = {};
  const add = (from: string, name: string, optional: boolean): void => {
    const key = resolve(checkoutLock, from, name);
    if (key === undefined) {
      if (optional) return;
      throw new Error(
        `${name}, needed by ${from || manifest.name}, is not in the checkout's package-lock.json`,
      );
    }
    if (entries[key]) return;
    const { dev: _dev, devOptional, peer: _peer, ...entry } = checkoutLock.packages[key] as LockEntry;
    // Optional in the checkout's production tree (and a dev dependency besides): optional here.
    entries[key] = devOptional ? { ...entry, optional: true } : entry;
    for (const dep of Object.keys(entry.dependencies ?? {})) add(key, dep, false);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) add(key, dep, true);
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      if (!entry.peerDependenciesMeta?.[dep]?.optional) add(key, dep, false);
  };
  for (const dep of Object.keys(manifest.dependencies ?? {})) add("", dep, false);
  for (const dep of Object.keys(manifest.optionalDependencies ?? {})) add("", dep, true);

  const app = "installed-app";
  const dependencies = { [manifest.name]: spec };
  // The tarball's own entry: what npm would record of its package.json.
  const fields = ["version", "license", "bin", "engines", "dependencies", "optionalDependencies"] as const;
  const packed: LockEntry = Object.fromEntries(
    fields.filter((field) => manifest[field] !== undefined).map((field) => [field, manifest[field]]),
  );
  return {
    packageJson: { name: app, private: true, dependencies },
    lock: {
      lockfileVersion: 3,
      packages: {
        "": { name: app, dependencies },
        [`node_modules/${manifest.name}`]: { ...packed, resolved: spec },
        ...entries,
      },
    },
  };
}

/** The lock key Node would load `name` from, required by the package at `from` ("" for the top). */
function resolve(lock: Lockfile, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!base) return undefined;
    const nested = base.lastIndexOf("/node_modules/");
    base = nested < 0 ? "" : base.slice(0, nested);
  }
}
