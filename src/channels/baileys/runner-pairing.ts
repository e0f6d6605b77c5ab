import type { WASocket } from "baileys";

/**
 * Phone-number linking state of one runner: the number, whether the code was already requested on
 * the current socket, and callers waiting for the code.
 */
export class PairingCode {
  number: string | null = null;
  private requested = false;
  private waiters: { resolve(code: string): void; reject(e: Error): void }[] = [];

  /** Sets (or clears) the number to link; a new number allows a new request. */
  setNumber(raw: string | null) {
    this.number = raw ? raw.replace(/\D/g, "") || null : null;
    this.requested = false;
  }

  /** True when the next QR must be turned into a pairing-code request. */
  get pending() {
    return !!this.number && !this.requested;
  }

  get active() {
    return !!this.number;
  }

  /** Requests the code on this socket once; `onCode` reports it (status PAIRING). */
  request(sock: WASocket, onCode: (code: string) => void, onError: (e: Error) => void) {
    if (!this.number || this.requested) return;
    this.requested = true;
    sock
      .requestPairingCode(this.number)
      .then((code) => {
        onCode(code);
        for (const w of this.waiters.splice(0)) w.resolve(code);
      })
      .catch((e) => {
        const err = e instanceof Error ? e : new Error(String(e));
        onError(err);
        this.fail(err);
      });
  }

  /** A promise for the next code, rejected after `ms`. */
  wait(ms: number): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("pairing code timeout")), ms);
      this.waiters.push({
        resolve: (c) => {
          clearTimeout(timer);
          resolve(c);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  /** Rejects every waiter (stop, logout, give-up). */
  fail(e: Error) {
    for (const w of this.waiters.splice(0)) w.reject(e);
  }

  /** Forgets the number (linked, or the attempt is over). */
  reset(reason?: Error) {
    this.number = null;
    this.requested = false;
    if (reason) this.fail(reason);
  }
}
