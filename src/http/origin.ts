import type { Deps } from "../core/deps";
import { cameOverHttps, clientIp } from "./ip";
import type { RelyingParty } from "../modules/auth";
import type { RequestOrigin } from "../modules/auth";

type IpServer = Parameters<typeof clientIp>[2];

/** The client address and User-Agent of a request. */
export const requestOrigin = (deps: Deps, request: Request, server: IpServer): RequestOrigin => ({
  address: clientIp(deps, request, server),
  userAgent: request.headers.get("user-agent"),
});

/**
 * The passkeys' relying party: PUBLIC_URL when set (production), otherwise the origin the request
 * was made to (a local install opened as http://localhost:8080). The browser binds each passkey to
 * this host, and every answer is checked against it.
 */
export function relyingParty(deps: Deps, request: Request, server: IpServer): RelyingParty {
  if (deps.config.publicUrl) return { id: new URL(deps.config.publicUrl).hostname, origin: deps.config.publicUrl };
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  const scheme = cameOverHttps(deps, request, server) ? "https" : url.protocol.replace(":", "");
  const origin = `${scheme}://${host}`;
  return { id: new URL(origin).hostname, origin };
}
