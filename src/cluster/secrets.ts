/**
 * The secrets several nodes must share (README, Several nodes): a token one node signs is read by another, a secret
 * one seals another opens, a browser's push subscription is bound to one VAPID key. Unset, each node generates its own
 * into its data folder, and people would be signed out whenever the proxy sends them to another node. So on PostgreSQL
 * the first node records a fingerprint of each (SHA-256, never the secret) and a node whose own differs stops at boot
 * naming the variables to copy from the first one.
 */
import { createHash } from "node:crypto";
import type { Config } from "../config";
import type { DB } from "../core/db";
import { clusterSecrets } from "./schema";

/** A node's secrets differ from those the first node recorded. */
export class SecretsMismatchError extends Error {}

/** The fingerprint of each shared secret, by the variables that set it. */
export function secretFingerprints(config: Pick<Config, "jwtSecret" | "jwtRefreshSecret" | "encryptionKey" | "vapid">): Record<string, string> {
  const sha = (name: string, value: string) => createHash("sha256").update(`balcao-shared-secret\u0000${name}\u0000${value}`).digest("hex");
  const pairs: [string, string][] = [
    ["JWT_SECRET", config.jwtSecret],
    ["JWT_REFRESH_SECRET", config.jwtRefreshSecret],
    ["ENCRYPTION_KEY", config.encryptionKey],
    ["VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY", `${config.vapid.publicKey}\u0000${config.vapid.privateKey}`],
  ];
  return Object.fromEntries(pairs.map(([name, value]) => [name, sha(name, value)]));
}

/**
 * Records this node's fingerprints when none are (the first node; two first nodes at once: one wins and the other is
 * compared with it), then throws SecretsMismatchError naming every variable whose value differs from the recorded one.
 */
export async function checkSharedSecrets(db: DB, config: Parameters<typeof secretFingerprints>[0], now = Date.now()): Promise<void> {
  const mine = secretFingerprints(config);
  await db
    .insert(clusterSecrets)
    .values(Object.entries(mine).map(([name, fingerprint]) => ({ name, fingerprint, createdAt: now })))
    .onConflictDoNothing();
  const recorded = await db.select({ name: clusterSecrets.name, fingerprint: clusterSecrets.fingerprint }).from(clusterSecrets);
  const differ = recorded.filter((r) => mine[r.name] !== undefined && mine[r.name] !== r.fingerprint).map((r) => r.name);
  if (differ.length) {
    throw new SecretsMismatchError(
      `this node's ${differ.join(", ")} ${differ.length === 1 && !differ[0].includes(",") ? "differs" : "differ"} from those of the nodes already serving this database: set the same values on every node (copy them from the first node's environment, or its data folder's secrets.json), then start it again`,
    );
  }
}
