/**
 * Repeated identical errors are logged once per interval with a count, not once per request with a
 * stack: with a full disk, hundreds of requests fail the same way each second.
 */
import { log } from "./logger";

const INTERVAL_MS = 60_000;
const seen = new Map<string, { at: number; suppressed: number }>();

/**
 * Logs `msg` under `key` at most once per interval; the next line that gets through carries
 * `repeated`: how many identical lines were held back since the last one.
 */
export function logThrottled(level: "warn" | "error", key: string, msg: string, fields: Record<string, unknown> = {}, now = Date.now()) {
  const entry = seen.get(key);
  if (entry && now - entry.at < INTERVAL_MS) {
    entry.suppressed++;
    return false;
  }
  const repeated = entry?.suppressed ?? 0;
  seen.set(key, { at: now, suppressed: 0 });
  if (seen.size > 1000) seen.delete(seen.keys().next().value as string);
  log[level](msg, repeated ? { ...fields, repeated } : fields);
  return true;
}
