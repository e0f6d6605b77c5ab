import { ApiError, refreshToken } from "./client";
import { load } from "../lib/storage";

/**
 * Multipart uploads and binary downloads, which the JSON client does not cover: same Bearer token,
 * same 403 → refresh once → retry rule, same ApiError on failure.
 */
async function authorized(path: string, init: RequestInit): Promise<Response> {
  const go = () => {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    const token = load("token");
    if (token) headers.set("Authorization", `Bearer ${token}`);
    return fetch(path, { ...init, headers, credentials: "include" });
  };
  let res = await go();
  if (res.status === 403 && load("token") && (await refreshToken())) res = await go();
  if (res.ok) return res;
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  throw new ApiError(typeof data.error === "string" ? data.error : `HTTP_${res.status}`, res.status, data);
}

/** POSTs one file as multipart field `file` and answers the JSON reply. */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append("file", file);
  return uploadForm<T>(path, form);
}

/** POSTs a prepared multipart form (several files and fields) and answers the JSON reply. */
export async function uploadForm<T>(path: string, form: FormData): Promise<T> {
  const res = await authorized(path, { method: "POST", body: form });
  return (await res.json()) as T;
}

/** Downloads a protected file and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string) {
  const res = await authorized(path, { method: "GET" });
  const disposition = res.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a protected media file (fetched with the token) in a new tab. */
export async function openMedia(mediaUrl: string) {
  const res = await authorized(mediaUrl, { method: "GET" });
  const url = URL.createObjectURL(await res.blob());
  window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
