import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig, parseEnv } from "../../src/config";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "balcao-config-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("loadConfig", () => {
  test("defaults: port 8080, data/app.db under DATA_DIR, media folder created", () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(dir);
    expect(c.dbPath).toBe(join(dir, "app.db"));
    expect(existsSync(join(dir, "media"))).toBe(true);
    expect(c.trustProxy).toEqual({ kind: "none" });
    expect(c.logLevel).toBe("info");
  });

  test("JWT secrets are generated on first boot into data/secrets.json (0600) and persist across loads", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtRefreshSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret);
    const file = join(dir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const before = readFileSync(file, "utf8");
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.jwtRefreshSecret).toBe(first.jwtRefreshSecret);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  test("another data folder gets other secrets", () => {
    const a = loadConfig({ DATA_DIR: tempDir() });
    const b = loadConfig({ DATA_DIR: tempDir() });
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
  });

  test("environment variables override the defaults and the stored secrets", () => {
    const dir = tempDir();
    loadConfig({ DATA_DIR: dir });
    const c = loadConfig({
      DATA_DIR: dir,
      PORT: "9090",
      JWT_SECRET: "env-secret-0123456789",
      JWT_REFRESH_SECRET: "env-refresh-0123456789",
      ADMIN_EMAIL: "ops@example.com",
      ADMIN_PASSWORD: "s3cret-pass",
      TRUST_PROXY: "true",
      TZ: "UTC",
      LOG_LEVEL: "warn",
    });
    expect(c.port).toBe(9090);
    expect(c.jwtSecret).toBe("env-secret-0123456789");
    expect(c.jwtRefreshSecret).toBe("env-refresh-0123456789");
    expect(c.adminEmail).toBe("ops@example.com");
    expect(c.adminPassword).toBe("s3cret-pass");
    expect(c.trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(c.timezone).toBe("UTC");
    expect(c.logLevel).toBe("warn");
    // The stored secrets are not replaced by the env ones.
    const stored = JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8"));
    expect(stored.jwtSecret).not.toBe("env-secret-0123456789");
  });

  test("test-only overrides are ignored outside NODE_ENV=test", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "production", WA_WS_URL: "ws://x" }).waWsUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "test", WA_WS_URL: "ws://x" }).waWsUrl).toBe("ws://x");
  });
});

describe("parseEnv", () => {
  const invalid = (env: Record<string, string>) => {
    try {
      parseEnv(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error(`expected ${JSON.stringify(env)} to be refused`);
  };

  test.each(["abc", "70000", "-1", "80.5"])("PORT=%p is refused with a message naming PORT", (port) => {
    const msg = invalid({ PORT: port });
    expect(msg).toStartWith("Invalid configuration:");
    expect(msg).toContain("PORT");
  });

  test("a valid PORT parses to a number", () => {
    expect(parseEnv({ PORT: "3000" }).PORT).toBe(3000);
  });

  test("OUTBOUND_ALLOW: empty by default; names, addresses and ranges parse; anything else is refused by name", () => {
    expect(parseEnv({}).OUTBOUND_ALLOW).toBe("");
    expect(parseEnv({ OUTBOUND_ALLOW: "127.0.0.1, n8n.internal, *.corp.example, 10.0.0.0/8, fd00::/8" }).OUTBOUND_ALLOW).toContain("n8n.internal");
    for (const bad of ["10.0.0.0/99", "http://n8n.internal", "n8n internal"]) expect(invalid({ OUTBOUND_ALLOW: bad })).toContain("OUTBOUND_ALLOW");
  });

  test("short secrets, a bad admin email and an unknown log level are refused, each named", () => {
    const msg = invalid({ JWT_SECRET: "short", ADMIN_EMAIL: "not-an-email", LOG_LEVEL: "loud" });
    expect(msg).toContain("JWT_SECRET");
    expect(msg).toContain("ADMIN_EMAIL");
    expect(msg).toContain("LOG_LEVEL");
  });
});

test("an invalid PORT at boot exits 1 with the message, not a stack trace", () => {
  const dir = tempDir();
  const code = `import { loadConfig } from ${JSON.stringify(join(import.meta.dir, "../../src/config.ts"))}; loadConfig();`;
  const r = Bun.spawnSync(["bun", "-e", code], { env: { ...process.env, PORT: "http", DATA_DIR: dir }, stderr: "pipe" });
  const stderr = r.stderr.toString();
  expect(r.exitCode).toBe(1);
  expect(stderr).toContain("Invalid configuration:");
  expect(stderr).toContain("PORT");
  expect(stderr).not.toContain("    at ");
});
