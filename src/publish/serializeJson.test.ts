import { describe, expect, test } from "vitest";
import { serializeJson } from "./serializeJson.js";

describe("serializeJson", () => {
  test("default: compact, key order as built, final newline", () => {
    expect(serializeJson({ ts: 1, tokens: 2, sessions: 3, ttft: 0.734 })).toBe(
      '{"ts":1,"tokens":2,"sessions":3,"ttft":0.734}\n',
    );
  });

  test("behavior: a bigint past 2^53 is written as exact digits", () => {
    expect(serializeJson({ tokens: 2n ** 60n + 1n })).toBe('{"tokens":1152921504606846977}\n');
  });

  test("behavior: a string that looks like the marker stays a string", () => {
    expect(serializeJson({ name: "bigint:0000:5", tokens: 1n })).toBe(
      '{"name":"bigint:0000:5","tokens":1}\n',
    );
  });

  test("behavior: one bigint deep inside a large value: exact digits there, the rest as JSON.stringify writes it", () => {
    const series = Array.from({ length: 1000 }, (_, k) => ({ ts: k, tokens: k }));
    const plain = serializeJson({ series });
    expect(plain).toBe(`${JSON.stringify({ series })}\n`);
    const big = serializeJson({ series: [...series.slice(0, -1), { ts: 999, tokens: 2n ** 60n }] });
    expect(big).toBe(plain.replace('"ts":999,"tokens":999', '"ts":999,"tokens":1152921504606846976'));
  });
});
