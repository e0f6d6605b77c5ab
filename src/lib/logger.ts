const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = keyof typeof LEVELS;

let threshold: number = LEVELS[(process.env.LOG_LEVEL as Level) ?? "info"] ?? LEVELS.info;

/** Sets the minimum level printed. */
export function setLogLevel(level: Level) {
  threshold = LEVELS[level];
}

let contextFields: (() => Record<string, unknown> | undefined) | null = null;

/** Adds fields to every line (the running request's id, src/ops/request-context.ts). */
export function setLogContext(fn: (() => Record<string, unknown> | undefined) | null) {
  contextFields = fn;
}

function write(level: Exclude<Level, "silent">, msg: string, fields?: Record<string, unknown>) {
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...contextFields?.(), ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

/** Structured one-line JSON logger. Never pass secrets in fields. */
export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write("debug", msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write("info", msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write("warn", msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write("error", msg, f),
};
