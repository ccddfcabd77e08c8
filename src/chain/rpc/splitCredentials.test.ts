import { describe, expect, test } from "vitest";
import { splitCredentials } from "./splitCredentials.js";

describe("splitCredentials", () => {
  test("default: a URL without user info goes as it is", () => {
    expect(splitCredentials("https://rpc.example.com/v2/key?token=t")).toEqual({
      fetchUrl: "https://rpc.example.com/v2/key?token=t",
      headers: {},
    });
  });

  test("behavior: user info moves to a Basic Authorization header, percent-decoded", () => {
    const { fetchUrl, headers } = splitCredentials("https://alice:pa%40ss@rpc.example.com/v2/key");
    expect(fetchUrl).toBe("https://rpc.example.com/v2/key");
    expect(Buffer.from(String(headers.authorization).replace("Basic ", ""), "base64").toString()).toBe(
      "alice:pa@ss",
    );
  });
});
