/**
 * The ONLY list of routes reachable without an access token. Everything else is refused with 401.
 * Each entry says why it is public. Paths are Elysia route patterns.
 */
export const PUBLIC_ROUTES: { method: string; path: string; reason: string }[] = [
  { method: "POST", path: "/auth/login", reason: "signing in" },
  { method: "POST", path: "/auth/password", reason: "one's own password, proven by the current one (also the forced change before the first sign-in)" },
  { method: "POST", path: "/auth/refresh_token", reason: "authenticated by the httpOnly refresh cookie" },
  { method: "POST", path: "/auth/second-factor", reason: "the second step of a sign-in, authenticated by the challenge the password earned" },
  { method: "POST", path: "/auth/second-factor/passkey-options", reason: "the second step's passkey options, authenticated by the sign-in challenge" },
  {
    method: "POST",
    path: "/auth/second-factor/setup/totp",
    reason: "a required second factor set up before the first session, authenticated by the challenge",
  },
  { method: "POST", path: "/auth/second-factor/setup/totp/confirm", reason: "the same setup's first code, authenticated by the challenge" },
  { method: "POST", path: "/auth/second-factor/setup/passkey-options", reason: "a required passkey's options, authenticated by the challenge" },
  { method: "POST", path: "/auth/second-factor/setup/passkey", reason: "the required passkey itself, authenticated by the challenge" },
  { method: "POST", path: "/auth/passkey/options", reason: "signing in with a passkey starts before anyone is known (throttled per address)" },
  { method: "POST", path: "/auth/passkey/login", reason: "signing in with a passkey, authenticated by the passkey's signature" },
  { method: "DELETE", path: "/auth/logout", reason: "clears the refresh cookie even when the access token expired" },
  { method: "GET", path: "/plans/list", reason: "the signup page lists plans before an account exists" },
  { method: "POST", path: "/companies/cadastro", reason: "self-sign-up of a new company" },
  { method: "POST", path: "/subscription/webhook", reason: "the Pix provider's paid notification, authenticated by the shared secret" },
  { method: "GET", path: "/version", reason: "health and version probe for operators" },
  { method: "GET", path: "/health", reason: "container health check" },
  { method: "GET", path: "/healthz", reason: "liveness probe: the process answers" },
  { method: "GET", path: "/readyz", reason: "readiness probe: database writable, migrations done, disk not low" },
  { method: "GET", path: "/backups/download/:token", reason: "a signed two-minute link a super user asked for (POST /backups/{name}/link)" },
  { method: "GET", path: "/metrics", reason: "checks the METRICS_TOKEN bearer or a super user's session itself" },
  { method: "GET", path: "/ws", reason: "the socket authenticates its own token on upgrade" },
  { method: "POST", path: "/api/messages/send", reason: "authenticated by the connection token" },
  { method: "GET", path: "/cloudapi/webhook/:key", reason: "Meta's subscription check of a Cloud API connection: answers only the connection's verify token" },
  {
    method: "POST",
    path: "/cloudapi/webhook/:key",
    reason: "Meta's deliveries to a Cloud API connection: refused unless signed (X-Hub-Signature-256) with that connection's app secret",
  },
  { method: "GET", path: "/api/openapi.json", reason: "the API description for script authors (no data)" },
  { method: "GET", path: "/public/*", reason: "public files (announcement images only)" },
];

const index = new Set(PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`));

/** True when the route (method + Elysia pattern) is public. */
export const isPublicRoute = (method: string, route: string) => index.has(`${method} ${route}`);
