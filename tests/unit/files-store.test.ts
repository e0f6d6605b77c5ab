/**
 * Every file the product writes or serves goes through the one file store (`deps.blobs`, src/lib/blob-store*.ts), so
 * a bucket (S3_URL) serves several nodes. This test reads every server source file and fails on a file-system
 * access (a `node:fs` import, `Bun.file(`, `Bun.write(`) or a use of the media folder (`mediaDir`) outside the
 * places listed below, each with the reason it may touch the disk. It proves on fixtures first that it can fail.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "../..");

/** Files that may touch the local disk, and why (none of them reads or writes a stored file by its key). */
const DISK_ALLOWED: Record<string, string> = {
  "src/lib/blob-store.ts": "the local file store itself (data/media, data/public) and the scratch folder of local copies",
  "src/lib/blob-store-s3.ts": "writes a bucket object's local copy into the scratch folder (Bun.write)",
  "src/modules/media/describe.ts": "sharp, mediabunny and the PDF counter read the local copy handed in (blobs.localFile)",
  "src/modules/media/thumbnail-worker.ts": "the thumbnail Worker reads the local copy handed in by path",
  "src/channels/cloudapi/adapter.ts": "uploads the local copy of the outgoing file to Meta (Bun.file of Outgoing.path)",
  "src/inbound/spool.ts": "the inbound spool's JSON entries (messages, never media) under data/inbound-spool",
  "src/config.ts": "creates the data folder and reads/writes secrets.json",
  "src/cli.ts": "operator commands check the data folder exists",
  "src/db/client.ts": "the SQLite database file",
  "src/db/instance-lock.ts": "the data folder's lock file",
  "src/db/migrate.ts": "reads the migration files",
  "src/lib/assets.ts": "the built web assets",
  "src/http/spa.ts": "serves the built web assets",
  "src/http/routes/ops.ts": "serves a backup archive for download (data/backups)",
  "src/ops/backup.ts": "writes backup archives of the data folder (media included when they are there)",
  "src/ops/restore.ts": "restores an archive into the data folder",
  "src/ops/tar.ts": "reads the files it packs into an archive",
  "src/ops/schedule.ts": "the backup schedule's settings file",
  "src/ops/boot.ts": "checks the data folder at boot",
  "src/ops/commands.ts": "checks the database file exists before an operator command",
  "src/ops/doctor.ts": "checks the data folder and the local media folder without writing into it",
  "src/ops/seed.ts": "writes the first super admin's generated password into a file of the data folder",
  "src/ops/storage.ts": "the disk guard: free space and the ballast file",
  "src/ops/migrate-to-postgres.ts": "checks the SQLite database exists",
};

/** Files that may name the media folder (`mediaDir`): where the local store is made, and where it is checked. */
const MEDIA_DIR_ALLOWED: Record<string, string> = {
  "src/config.ts": "defines it (DATA_DIR/media)",
  "src/lib/blob-store-open.ts": "opens the local store on it",
  "src/ops/doctor.ts": "checks it is writable",
  "src/modules/files/service.ts": "names a file list file's place on the local folder (FileListFile.path; nothing reads it)",
};

const DISK = /from "node:fs(\/promises)?"|\bBun\.(file|write)\(/;
const MEDIA_DIR = /\bmediaDir\b/;

/** Source files breaking a rule: those matching `pattern` that the allow list does not name. */
export function offenders(files: { path: string; text: string }[], pattern: RegExp, allowed: Record<string, string>): string[] {
  return files.filter((f) => pattern.test(f.text) && !(f.path in allowed)).map((f) => f.path);
}

function serverSources() {
  const glob = new Bun.Glob("src/**/*.ts");
  return Array.from(glob.scanSync({ cwd: ROOT }))
    .filter((p) => !p.endsWith(".test.ts"))
    .map((p) => ({ path: relative(ROOT, join(ROOT, p)), text: readFileSync(join(ROOT, p), "utf8") }));
}

describe("files go through the one store", () => {
  test("the check can fail: a module reading the media folder is caught, an allowed file is not", () => {
    const fixtures = [
      { path: "src/modules/x/service.ts", text: 'import { rmSync } from "node:fs";' },
      { path: "src/modules/y/service.ts", text: "const f = Bun.file(join(deps.config.mediaDir, p));" },
      { path: "src/modules/z/service.ts", text: "await deps.blobs.put(key, file);" },
      { path: "src/ops/backup.ts", text: 'import { statSync } from "node:fs";' },
    ];
    expect(offenders(fixtures, DISK, DISK_ALLOWED)).toEqual(["src/modules/x/service.ts", "src/modules/y/service.ts"]);
    expect(offenders(fixtures, MEDIA_DIR, MEDIA_DIR_ALLOWED)).toEqual(["src/modules/y/service.ts"]);
  });

  const sources = serverSources();
  test("no file-system access outside the listed places", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(offenders(sources, DISK, DISK_ALLOWED)).toEqual([]);
  });

  test("the media folder is named only where the local store is made or checked", () => {
    expect(offenders(sources, MEDIA_DIR, MEDIA_DIR_ALLOWED)).toEqual([]);
  });

  test("every listed place still exists and still needs its exception", () => {
    const byPath = new Map(sources.map((s) => [s.path, s.text]));
    const stale = [
      ...Object.keys(DISK_ALLOWED).filter((p) => !DISK.test(byPath.get(p) ?? "")),
      ...Object.keys(MEDIA_DIR_ALLOWED).filter((p) => !MEDIA_DIR.test(byPath.get(p) ?? "")),
    ];
    expect(stale).toEqual([]);
  });
});
