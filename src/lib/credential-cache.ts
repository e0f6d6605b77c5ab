import { createHash } from "node:crypto";

/**
 * Values made from a company's secret (an access token, an API client), kept for reuse. Each entry is
 * keyed by the company and a SHA-256 of the secret that produced it, so another company, or the same
 * company with another key, never gets it; the map is bounded (least recently used goes first).
 */
export class CredentialCache {
  private entries = new Map<string, { value: unknown; until: number }>();

  constructor(private readonly max = 1000) {}

  /** The key of a value made by `companyId` from `secret` (every part of the secret material, joined). */
  key(companyId: number, kind: string, ...secret: string[]): string {
    return `${companyId}|${kind}|${createHash("sha256").update(secret.join("\0")).digest("hex")}`;
  }

  /** The value while it is valid at `now` (ms), else undefined. */
  get<T>(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.until <= now) return undefined;
    this.entries.set(key, hit);
    return hit.value as T;
  }

  /** Keeps a value until `until` (ms; never expires by default). */
  set(key: string, value: unknown, until = Number.POSITIVE_INFINITY) {
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** How many values are kept (tests). */
  get size() {
    return this.entries.size;
  }
}
