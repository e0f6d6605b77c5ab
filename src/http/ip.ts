import type { Deps } from "./context";

interface IpServer {
  requestIP(req: Request): { address: string } | null;
}

/** The client address: the socket peer, or X-Forwarded-For's first hop when TRUST_PROXY is set. */
export function clientIp(deps: Deps, request: Request, server: IpServer | null | undefined): string {
  if (deps.config.trustProxy) {
    const fwd = request.headers.get("x-forwarded-for");
    if (fwd) return fwd.split(",")[0].trim();
  }
  return server?.requestIP(request)?.address ?? "local";
}
