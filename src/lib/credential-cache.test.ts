import { describe, expect, test } from "bun:test";
import { CredentialCache } from "./credential-cache";

describe("credential cache", () => {
  test("keyed by company and by a hash of the secret, never the secret itself", () => {
    const c = new CredentialCache();
    const k = c.key(1, "openai", "sk-live-123");
    expect(k).not.toContain("sk-live-123");
    expect(k).toMatch(/^1\|openai\|[0-9a-f]{64}$/);
    expect(c.key(2, "openai", "sk-live-123")).not.toBe(k);
    expect(c.key(1, "openai", "sk-live-124")).not.toBe(k);
    expect(c.key(1, "dialogflow", "sk-live-123")).not.toBe(k);
    // parts are separated: ("ab","c") is not ("a","bc")
    expect(c.key(1, "x", "ab", "c")).not.toBe(c.key(1, "x", "a", "bc"));
  });
  test("expired values are gone; the least recently used goes first past the bound", () => {
    const c = new CredentialCache(2);
    c.set("a", "A", 1_000);
    expect(c.get("a", 999)).toBe("A");
    expect(c.get("a", 1_000)).toBeUndefined();
    c.set("x", 1);
    c.set("y", 2);
    c.get("x");
    c.set("z", 3);
    expect(c.get("y")).toBeUndefined();
    expect(c.get("x")).toBe(1);
    expect(c.size).toBe(2);
  });
});
