/**
 * A password change ends every session of the user on the server, this browser's socket included
 * (close code 4401), and answers a new session. While such a change is under way (and for a moment
 * after), a 4401 close means "reconnect with the new token", not "back to the login page".
 */
let pending: Promise<boolean> | null = null;
let until = 0;
const GRACE_MS = 5_000;

/** Runs a call that replaces the session, marking the restart for the socket. */
export async function restartingSession<T>(call: () => Promise<T>): Promise<T> {
  const p = call();
  pending = p.then(
    () => true,
    () => false,
  );
  try {
    const res = await p;
    until = Date.now() + GRACE_MS;
    return res;
  } finally {
    pending = null;
  }
}

/** For the socket's 4401 handler: true when the close belongs to a session restart that succeeded. */
export async function isSessionRestart(): Promise<boolean> {
  if (pending) return pending;
  return Date.now() < until;
}
