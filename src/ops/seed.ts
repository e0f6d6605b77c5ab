import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import type { DB } from "../core/db";
import { nowIso } from "../lib/dates";
import { generatePassword } from "../lib/ids";
import { log } from "../lib/logger";
import { hashPassword } from "../lib/password";
import { insertPlatformCompany } from "../modules/companies";
import { firstOrDefaultPlan } from "../modules/plans";
import { seedCompanySettings } from "../modules/settings";
import { insertUser } from "../modules/users";
import { countAllUsers } from "../modules/users";

export const DEFAULT_ADMIN_EMAIL = "admin@balcao.local";

/**
 * First boot only (no users yet): the default plan, the platform company and its super admin.
 * The password comes from ADMIN_PASSWORD or is generated, printed once and written to
 * data/initial-admin.txt (mode 0600). There is no well-known password.
 */
export async function seed(db: DB, config: Config) {
  if ((await countAllUsers(db)) > 0) return null;
  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? generatePassword(16);
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  const created = await db.transaction(async (tx) => {
    // Several nodes booting together on an empty PostgreSQL database: transactions are serialized, so the first one
    // seeds and the others find its admin here.
    if ((await countAllUsers(tx)) > 0) return false;
    const plan = await firstOrDefaultPlan(tx, now);
    const company = await insertPlatformCompany(tx, { email, planId: plan.id, now });
    await seedCompanySettings(tx, company.id, { scheduleType: "queue" });
    // A generated password is printed once: it must be changed at the first sign-in.
    await insertUser(tx, { companyId: company.id, name: "Admin", email, passwordHash, profile: "admin", super: true, mustChangePassword: generated });
    return true;
  });
  if (!created) return null;
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
