/** The docs match the product: the uid the README tells operators to chown to is the image's. */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

test("the README's Docker uid and gid are the Dockerfile's", () => {
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
  const uid = /useradd [^\n]*--uid (\d+)/.exec(dockerfile)?.[1];
  const gid = /groupadd [^\n]*--gid (\d+)/.exec(dockerfile)?.[1];
  expect(uid).toBeTruthy();
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const docker = readme.slice(readme.indexOf("## Docker"), readme.indexOf("\n## ", readme.indexOf("## Docker") + 5));
  expect(docker).toContain(`uid ${uid}, gid ${gid}`);
  expect(docker).toContain(`sudo chown -R ${uid}:${gid} `);
});
