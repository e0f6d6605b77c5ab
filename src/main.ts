import { createDeps, buildApp } from "./app";
import { flushInbound } from "./bot/pipeline";
import { INPUT_LIMITS } from "./contract/limits";
import { loadConfig } from "./config";
import { openDatabase, refreshStatistics } from "./db/client";
import { acquireInstanceLock } from "./db/instance-lock";
import { seed } from "./db/seed";
import { log, setLogLevel } from "./lib/logger";
import { applyStagedRestore } from "./ops/restore";
import { storageGuard } from "./ops/storage";
import { UpgradeError, upgradeDatabase } from "./ops/upgrade";

/**
 * Boot order: config → staged restore → db + upgrade (backup, migrate) + statistics → single-instance lock → seed
 * → hub → routes → listen → channels.
 */
async function main() {
  // Everything the server writes (database, media, backups, spool) is readable by its own user only.
  process.umask(0o077);
  let config = loadConfig();
  setLogLevel(config.logLevel);
  // A restore staged from the backups page is applied before the database opens.
  if ((await applyStagedRestore(config.dataDir))?.ok) config = loadConfig();
  const db = openDatabase(config.dbPath);
  try {
    await upgradeDatabase(db, config.dataDir);
  } catch (e) {
    if (!(e instanceof UpgradeError)) throw e;
    log.error("Balcão cannot start", { reason: e.message });
    console.error(`Balcão cannot start: ${e.message}`);
    db.sqlite.close();
    process.exit(1);
  }
  refreshStatistics(db);
  const lock = await acquireInstanceLock(db);
  await seed(db, config);
  const deps = createDeps(db, config);
  // The ballast: room kept in reserve for a full disk (released then, laid again by the storage.check job).
  storageGuard()?.check();
  // Bun itself never buffers more than the largest bound (the body-limit hook bounds each route).
  const app = buildApp(deps).listen({ port: config.port, hostname: config.host, maxRequestBodySize: INPUT_LIMITS.mediaFormBytes });
  if (!app.server) throw new Error("server did not start");
  const ping = setInterval(() => deps.hub.broadcast({ channel: "ping", t: Date.now() }), 18_000);
  deps.jobs.start?.();
  log.info("balcao listening", { url: `http://localhost:${app.server.port}`, dataDir: config.dataDir });
  // channels: every connection of the companies whose subscription is active (after listen)
  const loaded = deps.inboundSpool.load();
  if (loaded) log.warn("inbound messages waiting from the last run; storing them", { count: loaded });
  const channels = deps.sessions;
  channels
    .startAll()
    .then((n) => log.info("connections started", { count: n }))
    .catch((e) => log.error("starting connections failed", { err: String(e) }));
  const stop = async () => {
    clearInterval(ping);
    // A stop is not a disconnect: connections keep their state and resume at the next boot.
    await channels.stopAll({ keepState: true });
    deps.inboundSpool.stop();
    deps.jobs.stop?.();
    deps.notifier.stop();
    await app.stop();
    // Messages received in this last turn are stored before the database closes.
    flushInbound(deps);
    lock.release();
    db.sqlite.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
