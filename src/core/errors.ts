import * as v from "valibot";
import type { ErrorCode } from "../contract/errors";

/** A domain error: answers `{ error: code, ...params }` with the given status. */
export class AppError extends Error {
  constructor(
    public code: ErrorCode,
    public status = 400,
    public params?: Record<string, unknown>,
  ) {
    super(code);
  }
}

/** 404 with the area's not-found code: the answer for missing ids and other companies' ids alike. */
export const notFound = (code: ErrorCode) => new AppError(code, 404);

/** 403 ERR_NO_PERMISSION. */
export const forbidden = () => new AppError("ERR_NO_PERMISSION", 403);

/**
 * Validates input against a contract schema. Failures throw 400 ERR_VALIDATION with
 * `fields: { "path.to.field": "validation.key" }` (messages are i18n keys).
 */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const res = v.safeParse(schema, input ?? {});
  if (res.success) return res.output;
  const fields: Record<string, string> = {};
  for (const issue of res.issues) {
    const key = v.getDotPath(issue) ?? "_";
    // Valibot reports a missing key as a schema issue with no input; anything without one of our
    // message keys becomes the generic "invalid" key so the web can always translate it.
    const message = issue.input === undefined ? "validation.required" : issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    if (!fields[key]) fields[key] = message;
  }
  throw new AppError("ERR_VALIDATION", 400, { fields });
}
