import { afterEach, expect, spyOn, test } from "bun:test";
import { readFileSync } from "node:fs";
import * as libsignal from "libsignal";

/** The part of libsignal's SessionRecord this test drives (its bundled types leave these out). */
interface Record {
  closeSession(session: unknown): void;
  openSession(session: unknown): void;
}
const SessionRecord = libsignal.SessionRecord as unknown as new () => Record;

const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const s of spies.splice(0)) s.mockRestore();
});

test("libsignal prints no session records (private keys) on the console", () => {
  const printed: unknown[][] = [];
  for (const level of ["log", "info", "warn", "error"] as const) {
    spies.push(spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(args)));
  }
  const record = new SessionRecord();
  const session = { indexInfo: { closed: -1, baseKey: Buffer.from("base"), used: 1 }, privKey: Buffer.from("secret") };
  record.closeSession(session); // upstream: console.info("Closing session:", session)
  record.closeSession(session); // upstream: console.warn("Session already closed", session)
  record.openSession(session); // upstream: console.info("Opening session:", session)
  expect(session.indexInfo.closed).toBe(-1);
  expect(printed).toEqual([]);
});

test("the libsignal patch is declared next to the Baileys one", () => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  expect(pkg.patchedDependencies["libsignal@6.0.0"]).toBe("patches/libsignal@6.0.0.patch");
  expect(pkg.patchedDependencies["baileys@7.0.0-rc14"]).toBe("patches/baileys@7.0.0-rc14.patch");
});
