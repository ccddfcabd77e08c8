import { describe, expect, test } from "vitest";
import { createThroughputClient } from "./createThroughputClient.js";
import { ThroughputClientError } from "./ThroughputClientError.js";

type Files = Record<string, unknown>;

/**
 * A static host in memory: it serves the files of its current release whatever the query (as
 * GitHub Pages and the others do), and logs every URL asked (path below api/throughput/ and query).
 */
function fakeSite() {
  let files: Files = {};
  const requests: string[] = [];
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const path = url.pathname.replace("/site/api/throughput/", "");
    requests.push(`${path}${url.search}`);
    return path in files
      ? new Response(JSON.stringify(files[path]), { headers: { "Content-Type": "application/json" } })
      : new Response("not found\n", { status: 404 });
  };
  return {
    requests,
    fetch: fetch as typeof globalThis.fetch,
    /** Publishes release `key`: meta.json names it, every other file says which release it is of. */
    publish(key: string | undefined, paths = ["summary.json", "models.json", "chains/8453/summary.json"]) {
      files = { "meta.json": key === undefined ? { updatedAt: Math.random() } : { releaseKey: key } };
      for (const path of paths) files[path] = { release: key ?? "unkeyed", path };
    },
  };
}

const client = (site: ReturnType<typeof fakeSite>) =>
  createThroughputClient("https://example.org/site", { fetch: site.fetch, validate: false });
const releaseOf = (file: unknown) => (file as { release: string }).release;

describe("createThroughputClient: one release per read", () => {
  test("default: a snapshot asks for meta.json past every cache, once, and for every other file under its key", async () => {
    const site = fakeSite();
    site.publish("aaaaaaaaaaaaaaaa");
    const snapshot = await client(site).snapshot();
    expect(snapshot.releaseKey).toBe("aaaaaaaaaaaaaaaa");
    expect(await snapshot.meta()).toEqual({ releaseKey: "aaaaaaaaaaaaaaaa" });
    expect(await snapshot.get("meta.json")).toEqual({ releaseKey: "aaaaaaaaaaaaaaaa" });
    expect(releaseOf(await snapshot.summary())).toBe("aaaaaaaaaaaaaaaa");
    expect(releaseOf(await snapshot.models())).toBe("aaaaaaaaaaaaaaaa");
    expect(releaseOf(await snapshot.chain(8453).summary())).toBe("aaaaaaaaaaaaaaaa");
    expect(site.requests).toEqual([
      expect.stringMatching(/^meta\.json\?fresh=\w+$/),
      "summary.json?v=aaaaaaaaaaaaaaaa",
      "models.json?v=aaaaaaaaaaaaaaaa",
      "chains/8453/summary.json?v=aaaaaaaaaaaaaaaa",
    ]);
    expect(await snapshot.isCurrent()).toBe(true);
    site.publish("bbbbbbbbbbbbbbbb");
    expect(await snapshot.isCurrent()).toBe(false);
    const fresh = site.requests.filter((request) => request.startsWith("meta.json"));
    expect(new Set(fresh).size).toBe(3);
  });

  test("behavior: read() that a publication interrupts reads again from the new release: never two releases", async () => {
    const site = fakeSite();
    site.publish("aaaaaaaaaaaaaaaa");
    let runs = 0;
    const files = await client(site).read(async (release) => {
      runs++;
      const summary = await release.summary();
      if (runs === 1) site.publish("bbbbbbbbbbbbbbbb"); // between two files of the first run
      const models = await release.models();
      return [summary, models].map(releaseOf);
    });
    expect(runs).toBe(2);
    expect(files).toEqual(["bbbbbbbbbbbbbbbb", "bbbbbbbbbbbbbbbb"]);
    // The first run was answered with a mix (the host ignores the key): read() did not return it.
    expect(site.requests.filter((request) => !request.startsWith("meta.json"))).toEqual([
      "summary.json?v=aaaaaaaaaaaaaaaa",
      "models.json?v=aaaaaaaaaaaaaaaa",
      "summary.json?v=bbbbbbbbbbbbbbbb",
      "models.json?v=bbbbbbbbbbbbbbbb",
    ]);
  });

  test("error: a new release during every attempt: a ThroughputClientError after `attempts`, saying what to do", async () => {
    const site = fakeSite();
    site.publish("r0");
    let runs = 0;
    const reading = client(site).read(
      async (release) => {
        const summary = await release.summary();
        site.publish(`r${++runs}`);
        return summary;
      },
      { attempts: 4 },
    );
    await expect(reading).rejects.toThrow(ThroughputClientError);
    await expect(reading).rejects.toThrow(
      "https://example.org/site/api/throughput/meta.json named a new release after each of 4 reads",
    );
    await expect(reading).rejects.toMatchObject({ details: expect.stringContaining("Try again later") });
    expect(runs).toBe(4);
    await expect(client(site).read(async () => 1, { attempts: 0 })).rejects.toThrow(RangeError);
  });

  test("behavior: a reader's error is read again when a new release caused it, and thrown when not", async () => {
    const site = fakeSite();
    site.publish("aaaaaaaaaaaaaaaa", ["summary.json", "old.json"]);
    let runs = 0;
    const value = await client(site).read(async (release) => {
      runs++;
      if (runs === 1) site.publish("bbbbbbbbbbbbbbbb", ["summary.json"]); // drops old.json
      return release.get(runs === 1 ? ("old.json" as "summary.json") : "summary.json");
    });
    expect(runs).toBe(2);
    expect(releaseOf(value)).toBe("bbbbbbbbbbbbbbbb");

    const missing = client(site).read((release) => release.get("audit.json"));
    await expect(missing).rejects.toMatchObject({
      name: "ThroughputClientError",
      status: 404,
      url: "https://example.org/site/api/throughput/audit.json?v=bbbbbbbbbbbbbbbb",
    });
  });

  test("behavior: a publication older than releaseKey: plain URLs, and a new publication still seen (meta.json changed)", async () => {
    const site = fakeSite();
    site.publish(undefined);
    const snapshot = await client(site).snapshot();
    expect(snapshot.releaseKey).toBeUndefined();
    await snapshot.summary();
    expect(site.requests.at(-1)).toBe("summary.json");
    expect(await snapshot.isCurrent()).toBe(true);
    site.publish(undefined);
    expect(await snapshot.isCurrent()).toBe(false);
  });

  test("default: the plain methods ask for each file as it is now, as before: no key, no fresh meta.json", async () => {
    const site = fakeSite();
    site.publish("aaaaaaaaaaaaaaaa");
    const api = client(site);
    await api.meta();
    await api.summary();
    await api.chain(8453).summary();
    expect(site.requests).toEqual(["meta.json", "summary.json", "chains/8453/summary.json"]);
  });
});
