import { gunzipSync, inflateRawSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { createGzipWriter } from "./createGzipWriter.js";

const written = (pieces: string[]) => {
  const writer = createGzipWriter();
  for (const piece of pieces) writer.write(piece);
  return writer.end();
};

/** What a browser reads of it: DecompressionStream("gzip"), which reads one member. */
async function decompressed(bytes: Buffer): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}

describe("createGzipWriter", () => {
  const pieces = ["héader\n", "a".repeat(100_000), "", "[1,2]\n".repeat(50_000), "end\n"];
  const text = pieces.join("");

  test("default: one gzip member holding the pieces in order; its header fixed, its trailer the CRC-32 and length", async () => {
    const bytes = written(pieces);
    expect([...bytes.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
    // One deflate stream between the header and the trailer: no second member after it.
    expect(inflateRawSync(bytes.subarray(10, -8)).toString("utf8")).toBe(text);
    expect(bytes.readUInt32LE(bytes.length - 4)).toBe(Buffer.byteLength(text));
    expect(gunzipSync(bytes).toString("utf8")).toBe(text);
    expect(await decompressed(bytes)).toBe(text);
  });

  test("behavior: the same pieces give the same bytes; nothing written is an empty text", async () => {
    expect(written(pieces).equals(written(pieces))).toBe(true);
    expect(gunzipSync(written([])).toString("utf8")).toBe("");
    expect(await decompressed(written([]))).toBe("");
  });
});
