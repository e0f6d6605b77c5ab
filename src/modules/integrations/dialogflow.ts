import { importPKCS8, SignJWT } from "jose";
import type { Deps } from "../../core/deps";
import { ExternalError, postJson } from "./http";

/** The fields of a Google service-account key the client needs. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  project_id?: string;
  token_uri: string;
}

/** Parses the integration's jsonContent; answers null when it is not a usable service-account key. */
export function parseServiceAccount(json: string): ServiceAccount | null {
  try {
    const k = JSON.parse(json) as Partial<ServiceAccount>;
    if (typeof k.client_email !== "string" || typeof k.private_key !== "string" || !k.private_key.includes("PRIVATE KEY")) return null;
    return {
      client_email: k.client_email,
      private_key: k.private_key,
      project_id: k.project_id,
      token_uri: k.token_uri || "https://oauth2.googleapis.com/token",
    };
  } catch {
    return null;
  }
}

const SCOPE = "https://www.googleapis.com/auth/cloud-platform";
/** A cached token is used until this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * An OAuth access token for the service account: a JWT signed with its key, exchanged at its
 * token_uri (a URL the company set: through the guard). Cached per company and per hash of the
 * whole key (email, private key, token_uri) until near expiry, so nobody else's key reuses it.
 */
export async function accessToken(deps: Pick<Deps, "outbound" | "credentials">, companyId: number, sa: ServiceAccount, now = Date.now()): Promise<string> {
  const key = deps.credentials.key(companyId, "dialogflow", sa.client_email, sa.private_key, sa.token_uri);
  const hit = deps.credentials.get<string>(key, now + TOKEN_MARGIN_MS);
  if (hit) return hit;
  let assertion: string;
  try {
    const pk = await importPKCS8(sa.private_key, "RS256");
    const iat = Math.floor(now / 1000);
    assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(sa.client_email)
      .setAudience(sa.token_uri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(pk);
  } catch (e) {
    throw new ExternalError("badAnswer", `service account key unusable: ${String(e)}`);
  }
  const form = new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion });
  const answer = (await postJson(deps.outbound, sa.token_uri, null, { form })) as { access_token?: string; expires_in?: number } | null;
  if (!answer?.access_token) throw new ExternalError("badAnswer", "token endpoint gave no access_token");
  deps.credentials.set(key, answer.access_token, now + (Number(answer.expires_in) || 3600) * 1000);
  return answer.access_token;
}

export interface DialogflowReply {
  texts: string[];
  /** Dialogflow marked the end of the conversation: the ticket goes back to people. */
  endConversation: boolean;
}

interface DetectAnswer {
  queryResult?: {
    fulfillmentText?: string;
    fulfillmentMessages?: { text?: { text?: string[] } }[];
    diagnosticInfo?: { end_conversation?: boolean };
  };
}

/** Dialogflow ES detectIntent for one text of a session (R-INT-8); the API URL is the operator's (DIALOGFLOW_API_URL). */
export async function detectIntent(
  deps: Pick<Deps, "outbound" | "credentials" | "config">,
  companyId: number,
  sa: ServiceAccount,
  project: string,
  session: string,
  text: string,
  language: string,
): Promise<DialogflowReply> {
  const token = await accessToken(deps, companyId, sa);
  const url = `${deps.config.dialogflowApiUrl}/v2/projects/${encodeURIComponent(project)}/agent/sessions/${encodeURIComponent(session)}:detectIntent`;
  const answer = (await postJson(
    deps.outbound,
    url,
    { queryInput: { text: { text: text.slice(0, 256), languageCode: language } } },
    { headers: { authorization: `Bearer ${token}` }, trust: "operator" },
  )) as DetectAnswer | null;
  const r = answer?.queryResult ?? {};
  const texts = (r.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim());
  if (!texts.length && r.fulfillmentText?.trim()) texts.push(r.fulfillmentText);
  return { texts, endConversation: r.diagnosticInfo?.end_conversation === true };
}
