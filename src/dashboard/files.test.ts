import { describe, expect, test } from "vitest";
import { createFileLoader, FileError, ReleaseChanged } from "./files.js";

type Files = Record<string, unknown>;

/**
 * A static host in memory, as GitHub Pages and the others are: it serves its current files
 * whatever the query. It logs every URL asked (path below api/throughput/ and query), and
 * `beforeAnswer` runs before each answer (a publication arriving while a file loads).
 */
function fakeHost() {
  let files: Files = {};
  const host = {
    requests: [] as string[],
    inits: [] as Array<RequestInit | undefined>,
    beforeAnswer: (_request: string): void => {},
    publish(key: string | undefined, paths = ["summary.json", "models.json", "audit.json"]) {
      files = key === undefined ? {} : { "meta.json": { releaseKey: key } };
      for (const path of paths) files[path] = { release: key ?? "none" };
    },
    loader() {
      return createFileLoader(
        async (url, init) => {
          const request = `${url.pathname.replace("/api/throughput/", "")}${url.search}`;
          host.requests.push(request);
          host.inits.push(init);
          await Promise.resolve();
          host.beforeAnswer(request);
          const path = url.pathname.replace("/api/throughput/", "");
          return path in files
            ? new Response(JSON.stringify(files[path]))
            : new Response("", { status: 404 });
        },
        () => "http://127.0.0.1:8080/",
      );
    },
  };
  return host;
}

const releaseOf = (file: unknown) => (file as { release: string }).release;
const fresh = /^meta\.json\?fresh=\w+$/;

describe("dashboard files: one release per view", () => {
  test("default: meta.json past every cache, each file once under its key, handed over once meta.json confirms it", async () => {
    const host = fakeHost();
    host.publish("aaaaaaaaaaaaaaaa");
    const files = host.loader();
    expect(releaseOf(await files.loadFile("summary.json"))).toBe("aaaaaaaaaaaaaaaa");
    expect(host.requests).toEqual([
      expect.stringMatching(fresh),
      "summary.json?v=aaaaaaaaaaaaaaaa",
      expect.stringMatching(fresh), // asked after the file arrived
    ]);
    expect(host.inits[0]).toEqual({ cache: "no-store" });
    expect(new Set(host.requests).size).toBe(3);
    // Asked again: nothing fetched; meta.json is the release's own.
    expect(releaseOf(await files.loadFile("summary.json"))).toBe("aaaaaaaaaaaaaaaa");
    expect(await files.loadFile("meta.json")).toEqual({ releaseKey: "aaaaaaaaaaaaaaaa" });
    expect(releaseOf(await files.loadChainFile("all", "summary.json"))).toBe("aaaaaaaaaaaaaaaa");
    expect(host.requests).toHaveLength(3);
  });

  test("behavior: files that arrive together share the meta.json that confirms them", async () => {
    const host = fakeHost();
    const paths = Array.from({ length: 12 }, (_, index) => `file-${index}.json`);
    host.publish("aaaaaaaaaaaaaaaa", paths);
    const files = host.loader();
    const loaded = await Promise.all(paths.map((path) => files.loadFile(path as "summary.json")));
    expect(loaded.map(releaseOf)).toEqual(paths.map(() => "aaaaaaaaaaaaaaaa"));
    const metas = host.requests.filter((request) => fresh.test(request));
    expect(metas.length).toBeGreaterThanOrEqual(2);
    expect(metas.length).toBeLessThanOrEqual(3);
  });

  test("behavior: a publication while a file loads: the file is refused, the page told once, and everything read again from the new release", async () => {
    const host = fakeHost();
    host.publish("aaaaaaaaaaaaaaaa");
    const files = host.loader();
    let changes = 0;
    files.onReleaseChange(() => changes++);
    expect(releaseOf(await files.loadFile("summary.json"))).toBe("aaaaaaaaaaaaaaaa");

    // The host switches while models.json loads: it answers the new file under the old key.
    host.beforeAnswer = (request) => {
      if (request === "models.json?v=aaaaaaaaaaaaaaaa") host.publish("bbbbbbbbbbbbbbbb");
    };
    const refused = files.loadFile("models.json").catch((error: unknown) => error);
    expect(await refused).toBeInstanceOf(ReleaseChanged);
    expect(await refused).toMatchObject({ path: "api/throughput/models.json" });
    expect(changes).toBe(1);

    // The page draws again: every file (summary.json too) comes from the new release, under its key.
    const start = host.requests.length;
    expect(await files.loadFile("meta.json")).toEqual({ releaseKey: "bbbbbbbbbbbbbbbb" });
    expect(releaseOf(await files.loadFile("summary.json"))).toBe("bbbbbbbbbbbbbbbb");
    expect(releaseOf(await files.loadFile("models.json"))).toBe("bbbbbbbbbbbbbbbb");
    expect(host.requests.slice(start).filter((request) => !fresh.test(request))).toEqual([
      "summary.json?v=bbbbbbbbbbbbbbbb",
      "models.json?v=bbbbbbbbbbbbbbbb",
    ]);
    expect(changes).toBe(1);
  });

  test("error: no meta.json: files as they are now (no key to ask with), and meta.json asked again when needed", async () => {
    const host = fakeHost();
    host.publish(undefined);
    const files = host.loader();
    await expect(files.loadFile("meta.json")).rejects.toThrow(
      new FileError("api/throughput/meta.json", "HTTP 404"),
    );
    expect(releaseOf(await files.loadFile("summary.json"))).toBe("none");
    expect(host.requests.filter((request) => !fresh.test(request))).toEqual(["summary.json"]);

    host.publish("aaaaaaaaaaaaaaaa");
    expect(await files.loadFile("meta.json")).toEqual({ releaseKey: "aaaaaaaaaaaaaaaa" });
    expect(releaseOf(await files.loadFile("summary.json"))).toBe("aaaaaaaaaaaaaaaa");
    expect(host.requests.at(-2)).toBe("summary.json?v=aaaaaaaaaaaaaaaa");
  });

  test("error: a file whose release cannot be confirmed is not handed over, and is fetched again when asked again", async () => {
    const host = fakeHost();
    host.publish("aaaaaaaaaaaaaaaa");
    const files = host.loader();
    await files.loadFile("meta.json");
    host.beforeAnswer = (request) => {
      if (request === "audit.json?v=aaaaaaaaaaaaaaaa") host.publish(undefined); // meta.json gone
    };
    await expect(files.loadFile("audit.json")).rejects.toThrow(
      "api/throughput/audit.json: its release could not be confirmed (api/throughput/meta.json: HTTP 404)",
    );
    host.beforeAnswer = () => {};
    host.publish("aaaaaaaaaaaaaaaa");
    expect(releaseOf(await files.loadFile("audit.json"))).toBe("aaaaaaaaaaaaaaaa");
    expect(host.requests.filter((request) => request.startsWith("audit.json"))).toHaveLength(2);
  });
});
