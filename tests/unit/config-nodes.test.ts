/**
 * What several nodes must share through the environment: the Web Push keys (a browser's subscription is bound to the
 * public key it saw, so every node must sign with the same pair). Unset, each node keeps generating its own into its
 * data folder, as one box always did; set, both are needed and checked.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig, parseEnv } from "../../src/config";

const dirs = [mkdtempSync(join(tmpdir(), "balcao-config-nodes-")), mkdtempSync(join(tmpdir(), "balcao-config-nodes-"))];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("Web Push keys on several nodes", () => {
  test("unset: each data folder generates its own pair (one box as before)", () => {
    const [a, b] = dirs.map((d) => loadConfig({ DATA_DIR: d }).vapid);
    expect(a.publicKey).not.toBe(b.publicKey);
    expect(loadConfig({ DATA_DIR: dirs[0] }).vapid.publicKey).toBe(a.publicKey); // kept across restarts
  });

  test("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: every node signs with the same pair", () => {
    const shared = loadConfig({ DATA_DIR: dirs[0] }).vapid;
    const env = { VAPID_PUBLIC_KEY: shared.publicKey, VAPID_PRIVATE_KEY: shared.privateKey };
    const [a, b] = dirs.map((d) => loadConfig({ DATA_DIR: d, ...env }).vapid);
    expect(a).toMatchObject({ publicKey: shared.publicKey, privateKey: shared.privateKey });
    expect(b).toMatchObject({ publicKey: shared.publicKey, privateKey: shared.privateKey });
  });

  test("one key without the other, or a malformed one, stops the boot with a line naming it", () => {
    const pub = loadConfig({ DATA_DIR: dirs[0] }).vapid.publicKey;
    const fail = (env: Record<string, string>) => {
      try {
        parseEnv({ DATA_DIR: dirs[1], ...env });
        return "";
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
    };
    expect(fail({ VAPID_PUBLIC_KEY: pub })).toContain("VAPID_PRIVATE_KEY: required with the other VAPID key");
    expect(fail({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: "x".repeat(43) })).toContain("VAPID_PUBLIC_KEY: must be a base64url P-256 public key");
  });
});
