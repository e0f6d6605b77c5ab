import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Curve, promiseTimeout } from "baileys";

test("patched Curve.verify refuses a bad signature (rc14 returned true whenever nothing threw)", () => {
  const kp = Curve.generateKeyPair();
  const msg = Buffer.from("noise certificate details");
  const sig = Buffer.from(Curve.sign(kp.private, msg));
  expect(Curve.verify(kp.public, msg, sig)).toBe(true);
  const tampered = Buffer.from(sig);
  tampered[5] ^= 0xff;
  expect(Curve.verify(kp.public, msg, tampered)).toBe(false);
  expect(Curve.verify(Curve.generateKeyPair().public, msg, sig)).toBe(false);
  expect(Curve.verify(kp.public, Buffer.from("other details"), sig)).toBe(false);
});

test("the patch is committed and declared in package.json", () => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  expect(pkg.patchedDependencies["baileys@7.0.0-rc14"]).toBe("patches/baileys@7.0.0-rc14.patch");
  const patch = readFileSync(new URL("../../patches/baileys@7.0.0-rc14.patch", import.meta.url), "utf8");
  expect(patch).toContain("=== true");
});

test("patched promiseTimeout: resolves with the value, rejects with its own error, still times out with 408 'Timed Out'", async () => {
  expect(await promiseTimeout<number>(1_000, (resolve) => setTimeout(() => resolve(7), 5))).toBe(7);
  await expect(promiseTimeout(1_000, (_, reject) => reject(new Error("send failed")))).rejects.toThrow("send failed");
  const late = await promiseTimeout(20, () => {}).catch((e) => e as { message: string; output?: { statusCode: number } });
  expect(late).toMatchObject({ message: "Timed Out", output: { statusCode: 408 } });
  const patch = readFileSync(new URL("../../patches/baileys@7.0.0-rc14.patch", import.meta.url), "utf8");
  expect(patch).toContain("lib/Utils/generics.js");
});
