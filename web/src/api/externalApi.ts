import type { ExternalSendDto } from "@contract/dto/external-api";
import { ApiError } from "./client";

export type ExternalSendResult = ExternalSendDto;

/** The send API's path (same host as the app). */
export const SEND_PATH = "/api/messages/send";

/**
 * POST /api/messages/send with a connection token (not the session's): the page's test forms call
 * it exactly as a script would, so they prove the token too.
 */
export async function sendWithToken(token: string, number: string, body: string, file: File | null): Promise<ExternalSendResult> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token}` };
  let payload: BodyInit;
  if (file) {
    const form = new FormData();
    form.append("number", number);
    form.append("body", body);
    form.append("medias", file, file.name);
    payload = form;
  } else {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify({ number, body });
  }
  const res = await fetch(SEND_PATH, { method: "POST", headers, body: payload, credentials: "omit" });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(typeof data.error === "string" ? data.error : "ERR_INTERNAL", res.status, data);
  return data as ExternalSendResult;
}
