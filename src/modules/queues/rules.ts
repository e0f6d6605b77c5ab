import { AppError } from "../../core/errors";

/**
 * ERR_WAPP_GREETING_REQUIRED (R-CONN-1): a connection that offers more
 * than one queue must have a greeting, because the greeting introduces the queue menu. The
 * connections module calls this on create and update.
 */
export function assertGreetingRule(queueCount: number, greetingMessage: string | null | undefined) {
  if (queueCount > 1 && !(greetingMessage ?? "").trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED", 400);
}
