/**
 * A module owns its tables (ARCHITECTURE.md): these tables have exactly one writer, and this test
 * fails when code anywhere else in src/ inserts, updates or deletes their rows (query builder or raw SQL).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const LIFECYCLE = /^src\/modules\/tickets\/lifecycle(-[a-z]+)?\.ts$/;

/** Table (drizzle name and SQL name) → the files allowed to write it. */
const OWNERS: { table: string; sqlName: string; owner: RegExp }[] = [
  { table: "tickets", sqlName: "tickets", owner: LIFECYCLE },
  { table: "ticketTracking", sqlName: "ticket_tracking", owner: LIFECYCLE },
  { table: "userRatings", sqlName: "user_ratings", owner: LIFECYCLE },
  { table: "messages", sqlName: "messages", owner: /^src\/modules\/messages\// },
  { table: "users", sqlName: "users", owner: /^src\/modules\/users\// },
  { table: "invoices", sqlName: "invoices", owner: /^src\/modules\/invoices\// },
  { table: "helps", sqlName: "helps", owner: /^src\/modules\/helps\// },
  { table: "companies", sqlName: "companies", owner: /^src\/(modules\/companies\/|db\/seed\.ts$)/ },
  { table: "plans", sqlName: "plans", owner: /^src\/(modules\/plans\/|db\/seed\.ts$)/ },
  { table: "queueIntegrations", sqlName: "queue_integrations", owner: /^src\/modules\/integrations\// },
  { table: "integrationSessions", sqlName: "integration_sessions", owner: /^src\/modules\/integrations\// },
  { table: "prompts", sqlName: "prompts", owner: /^src\/modules\/prompts\// },
  { table: "authSessions", sqlName: "auth_sessions", owner: /^src\/modules\/auth\// },
  { table: "contactLists", sqlName: "contact_lists", owner: /^src\/modules\/contact-lists\// },
  { table: "contactListItems", sqlName: "contact_list_items", owner: /^src\/modules\/contact-lists\// },
  { table: "campaigns", sqlName: "campaigns", owner: /^src\/modules\/campaigns\// },
  { table: "campaignShipping", sqlName: "campaign_shipping", owner: /^src\/modules\/campaigns\// },
  { table: "campaignSettings", sqlName: "campaign_settings", owner: /^src\/modules\/campaigns\// },
  { table: "fileLists", sqlName: "file_lists", owner: /^src\/modules\/files\// },
  { table: "fileListOptions", sqlName: "file_list_options", owner: /^src\/modules\/files\// },
  { table: "schedules", sqlName: "schedules", owner: /^src\/modules\/schedules\// },
  { table: "chats", sqlName: "chats", owner: /^src\/modules\/chats\// },
  { table: "chatUsers", sqlName: "chat_users", owner: /^src\/modules\/chats\// },
  { table: "chatMessages", sqlName: "chat_messages", owner: /^src\/modules\/chats\// },
  { table: "announcements", sqlName: "announcements", owner: /^src\/modules\/announcements\// },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** The writes to `table` a piece of code makes (query builder calls and raw SQL). */
export function writesTo(code: string, table: string, sqlName: string): string[] {
  const src = stripComments(code);
  const builder = new RegExp(`\\.(insert|update|delete)\\(\\s*${table}\\s*\\)`, "g");
  const raw = new RegExp(`\\b(insert\\s+(or\\s+\\w+\\s+)?into|update|delete\\s+from)\\s+[\`"']?${sqlName}\\b`, "gi");
  return [...(src.match(builder) ?? []), ...(src.match(raw) ?? [])];
}

describe("table ownership", () => {
  test("the scanner sees builder writes and raw SQL writes (and not reads)", () => {
    expect(writesTo("db.update(tickets).set({})", "tickets", "tickets")).toHaveLength(1);
    expect(writesTo("tx.insert( ticketTracking )", "ticketTracking", "ticket_tracking")).toHaveLength(1);
    expect(writesTo("tx.run(sql`UPDATE tickets SET status = 'closed'`)", "tickets", "tickets")).toHaveLength(1);
    expect(writesTo("db.select().from(tickets) // update(tickets)", "tickets", "tickets")).toHaveLength(0);
  });

  const files = sourceFiles(join(ROOT, "src")).map((f) => ({ path: relative(ROOT, f), code: readFileSync(f, "utf8") }));
  for (const { table, sqlName, owner } of OWNERS) {
    test(`only ${owner.source} writes ${sqlName}`, () => {
      const offenders = files.filter((f) => !owner.test(f.path) && writesTo(f.code, table, sqlName).length).map((f) => f.path);
      expect(offenders).toEqual([]);
    });
  }
});
