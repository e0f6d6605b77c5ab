/**
 * The browser side of passkeys (@simplewebauthn/browser, loaded on first use so the login page stays
 * small). Answers null when the person cancelled or the browser has no passkeys.
 */
type Json = Record<string, unknown>;

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () => typeof window !== "undefined" && "PublicKeyCredential" in window;

/** Asks an authenticator to prove a passkey for the server's options. */
export async function provePasskey(options: Json): Promise<Json | null> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  try {
    return (await startAuthentication({ optionsJSON: options as never })) as unknown as Json;
  } catch {
    return null;
  }
}

/** Asks an authenticator to create a passkey for the server's options. */
export async function createPasskey(options: Json): Promise<Json | null> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    return (await startRegistration({ optionsJSON: options as never })) as unknown as Json;
  } catch {
    return null;
  }
}
