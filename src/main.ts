import { probeBlobStore } from "./lib/blob-store-open";
import { createDeps, buildApp, leaseSessions } from "./app";
import { flushInbound } from "./inbound/pipeline";
import { INPUT_LIMITS } from "./contract/limits";
import { blobLocation, type Config, ConfigError, loadConfig, parseEnv } from "./config";
import { refreshStatistics } from "./db/client";
import { closeDatabase, openConfigured } from "./db/open";
import { pgClientOf } from "./db/pg-client";
import { SESSION_TOPIC, type SessionCommand } from "./inbound/session-cluster";
import { holdDataFolder, publishHolder, waitOutLegacyHolder } from "./db/instance-lock";
import { seed } from "./ops/seed";
import { log, setLogLevel } from "./lib/logger";
import { type BootPlace, checkDataFolder, describeBootError, failBoot } from "./ops/boot";
import { startIntegrityCheck } from "./ops/integrity";
import { applyStagedRestore } from "./ops/restore";
import { warnStorageAtBoot } from "./ops/storage";
import { upgradeDatabase } from "./ops/upgrade";
import { upgradePostgres } from "./ops/upgrade-pg";
import type { DB } from "./core/db";
import { openClusterNode } from "./node";
import { checkSharedSecrets } from "./cluster/secrets";
import { resolve } from "node:path";

/** How long a boot waits for the previous holder of the data folder to finish stopping (a restart). */
const LOCK_WAIT_MS = 5_000;

/**
 * Boot order: config → data folder check → data folder lock → staged restore → db + upgrade (backup,
 * migrate) + statistics → holder row → seed → hub → routes → listen → integrity check, channels.
 * On PostgreSQL (DATABASE_URL): the data folder still holds media, secrets and the spool (so its lock stays);
 * the database is checked to answer, upgraded under an advisory lock (src/ops/upgrade-pg.ts), and the
 * SQLite-only steps (staged restore, statistics, holder row, integrity check) are skipped.
 * Every fatal error is one sentence on stderr and exit 1 (src/ops/boot.ts).
 */
async function main() {
  // Everything the server writes (database, media, backups, spool) is readable by its own user only.
  process.umask(0o077);
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (e) {
    if (e instanceof ConfigError) failBoot(e.message.replace(/^Invalid configuration:\n/, "invalid configuration:\n"));
    throw e;
  }
  const dataDir = resolve(env.DATA_DIR);
  const folderProblem = checkDataFolder(dataDir);
  if (folderProblem) failBoot(folderProblem);
  const place: BootPlace = { dataDir, dbPath: `${dataDir}/app.db`, port: env.PORT, host: env.HOST };
  try {
    await boot(loadConfig());
  } catch (e) {
    failBoot(describeBootError(e, place), e);
  }
}

async function boot(first: Config) {
  let config = first;
  setLogLevel(config.logLevel);
  // Held for the life of the process; the kernel releases it however the process ends.
  const lock = await holdDataFolder(config.dataDir, "server", { waitMs: LOCK_WAIT_MS });
  const onPostgres = !!config.databaseUrl;
  // A restore staged from the backups page is applied before the database opens (under this lock); on
  // PostgreSQL restores are refused (the archive holds an SQLite database), so one staged earlier waits.
  if (!onPostgres && (await applyStagedRestore(config.dataDir))?.ok) config = loadConfig();
  const db = await openConfigured(config);
  const holder = onPostgres ? null : await prepareSqlite(db, config.dataDir);
  if (onPostgres) {
    const { applied } = await upgradePostgres(pgClientOf(db));
    if (applied) log.info("database upgraded", { applied });
    // Several nodes sign and seal with the same secrets: one that differs stops here (src/cluster/secrets.ts).
    await checkSharedSecrets(db, config);
  }
  await seed(db, config);
  // PostgreSQL: this process is a node of several (src/node.ts): realtime, cache forgets and job locks cross nodes.
  const node = config.databaseUrl ? await openClusterNode(config.databaseUrl) : undefined;
  const deps = createDeps(db, config, { node });
  // The ballast: room kept in reserve for a full disk (released then, laid again by the storage.check job).
  deps.storage.check();
  warnStorageAtBoot(deps.storage, config.storageLowBytes !== undefined);
  // Bun itself never buffers more than the largest bound (the body-limit hook bounds each route).
  // reusePort off: a second process on the same port must fail, not share the traffic.
  const app = buildApp(deps).listen({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: INPUT_LIMITS.mediaFormBytes,
    reusePort: false,
  });
  if (!app.server) throw new Error("server did not start");
  const ping = setInterval(() => deps.hub.broadcast({ channel: "ping", t: Date.now() }), 18_000);
  deps.jobs.start?.();
  // quick_check reads every page (about 1 s per 300 MB): off the thread, right after listen (SQLite's file only).
  if (!onPostgres) startIntegrityCheck(deps);
  // A bucket is checked once at boot, without holding it up: when it cannot be used the operator reads why here,
  // and uploads and media answer 503 ERR_STORAGE_UNAVAILABLE until it can.
  if (config.blobs.kind === "s3") {
    const where = blobLocation(config.blobs);
    probeBlobStore(deps.blobs).then(
      () => log.info("file store ready", { files: where }),
      (e) => log.error("file store cannot be used: check S3_URL, S3_BUCKET and the keys (doctor says more)", { files: where, err: String(e) }),
    );
  }
  // channels: every connection of the companies whose subscription is active (after listen)
  const loaded = deps.inboundSpool.load();
  if (loaded) log.warn("inbound messages waiting from the last run; storing them", { count: loaded });
  // PostgreSQL: several servers may share the database; each WhatsApp session runs on the node holding its lease
  // (started as leases are taken, not all at once), and people's actions reach that node over the node's bus.
  if (node) leaseSessions(deps, { nodeId: node.id, bus: node.topic<SessionCommand>(SESSION_TOPIC) });
  const channels = deps.sessions;
  channels
    .startAll()
    .then((n) => log.info("connections started", { count: n }))
    .catch((e) => log.error("starting connections failed", { err: String(e) }));
  const stop = async () => {
    clearInterval(ping);
    // A stop is not a disconnect: connections keep their state and resume at the next boot (on PostgreSQL their
    // leases are handed back first, so other nodes take the sessions over at once).
    await channels.stopAll({ keepState: true });
    deps.inboundSpool.stop();
    deps.jobs.stop?.();
    deps.notifier.stop();
    await app.stop();
    // Messages received in this last turn are stored before the database closes.
    await flushInbound(deps);
    // The last frames reach the other nodes; this node's job locks go with its connection.
    await node?.close();
    await holder?.stop();
    // SQLite's file closed, or PostgreSQL's pool ended once its running statements are done.
    await closeDatabase(db);
    lock.release();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Said once a stop is handled too: whoever waits for this line may stop the server cleanly at once.
  log.info("balcao listening", { url: `http://localhost:${app.server.port}`, dataDir: config.dataDir, ...(node && { node: node.id }) });
}

/** SQLite's own boot steps: an older server on the folder waited out, upgrade (backup first), statistics, holder row. */
async function prepareSqlite(db: DB, dataDir: string) {
  // A server older than the file lock shows itself only by its heartbeat row.
  await waitOutLegacyHolder(db, dataDir);
  await upgradeDatabase(db, dataDir);
  try {
    refreshStatistics(db);
  } catch (e) {
    // Statistics only speed queries up; a damaged page found here is reported by the integrity check.
    log.warn("planner statistics not refreshed", { err: String(e) });
  }
  return await publishHolder(db, "server");
}

await main();
