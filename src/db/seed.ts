import { hashPassword } from "../lib/password";
import { insertUser } from "../modules/users/accounts";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { count } from "drizzle-orm";
import type { Config } from "../config";
import { defaultOpeningHours } from "../contract/limits";
import { generatePassword } from "../lib/ids";
import { nowIso } from "../lib/dates";
import { log } from "../lib/logger";
import { companies } from "../modules/companies/schema";
import { plans } from "../modules/plans/schema";
import { seedCompanySettings } from "../modules/settings/service";
import { users } from "../modules/users/schema";
import type { DB } from "../core/db";

export const DEFAULT_ADMIN_EMAIL = "admin@balcao.local";

/**
 * First boot only (no users yet): the default plan, the platform company and its super admin.
 * The password comes from ADMIN_PASSWORD or is generated, printed once and written to
 * data/initial-admin.txt (mode 0600). There is no well-known password.
 */
export async function seed(db: DB, config: Config) {
  const existing = db.select({ n: count() }).from(users).get()?.n ?? 0;
  if (existing > 0) return null;
  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? generatePassword(16);
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  db.transaction((tx) => {
    const plan =
      tx.select().from(plans).get() ??
      tx.insert(plans).values({ name: "Plano 1", users: 10, connections: 10, queues: 10, value: 30, createdAt: now, updatedAt: now }).returning().get();
    const company = tx
      .insert(companies)
      .values({
        name: "Balcão",
        email,
        planId: plan.id,
        status: true,
        dueDate: "2099-12-31",
        recurrence: "MENSAL",
        schedules: defaultOpeningHours(),
        isPlatform: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    seedCompanySettings(tx, company.id, { scheduleType: "queue" });
    // A generated password is printed once: it must be changed at the first sign-in.
    insertUser(tx, { companyId: company.id, name: "Admin", email, passwordHash, profile: "admin", super: true, mustChangePassword: generated });
  });
  if (generated) {
    const file = join(config.dataDir, "initial-admin.txt");
    if (!existsSync(file)) writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
    if (!config.isTest) {
      console.log(
        `\n  Super admin created. Sign in with:\n    email:    ${email}\n    password: ${password}\n  (also saved in ${file}; you will choose a new one at the first sign-in)\n`,
      );
    }
  } else log.info("super admin created from ADMIN_EMAIL/ADMIN_PASSWORD", { email });
  return { email, password };
}
