import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../users/schema";
import { belongsTo } from "../../db/columns";

/**
 * A session family: one per sign-in. Its refresh tokens rotate (each refresh moves `generation` on
 * and the older cookie stops working); presenting a used one again ends the family and the user's
 * sessions. The auth module is the only writer (tests/unit/ownership.test.ts).
 */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    companyId: integer("company_id").notNull(),
    /** The generation of the only refresh token that may still be used. */
    generation: integer("generation").notNull().default(0),
    /**
     * When the last rotation happened (a second tab refreshing at the same moment gets a grace
     * window). It is also the session's "last seen": a browser in use refreshes every 15 minutes.
     */
    rotatedAt: integer("rotated_at").notNull(),
    createdAt: text("created_at").notNull(),
    endedAt: text("ended_at"),
    endReason: text("end_reason"),
    /** Parsed from the User-Agent at sign-in, bounded: "desktop" / "mobile" / "tablet" plus the system, and the browser. */
    device: text("device").notNull().default(""),
    browser: text("browser").notNull().default(""),
    /** The client address at sign-in, then at each refresh. */
    address: text("address").notNull().default(""),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId), index("auth_sessions_company_idx").on(t.companyId)],
);
export type AuthSessionRow = typeof authSessions.$inferSelect;

/**
 * A user's authenticator app (TOTP): the secret sealed with the data folder's encryption key, the
 * last time step accepted (a code is refused once its step was used: no replays), and a pending
 * secret while a setup waits for its first code. `promptedAt`: when a super user was asked to set
 * a second factor up (asked once, at the first sign-in).
 */
export const userSecondFactors = sqliteTable("user_second_factors", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  totpSecret: text("totp_secret"),
  totpLastStep: integer("totp_last_step").notNull().default(0),
  totpEnabledAt: text("totp_enabled_at"),
  pendingSecret: text("pending_secret"),
  pendingAt: integer("pending_at"),
  promptedAt: text("prompted_at"),
});
export type UserSecondFactorRow = typeof userSecondFactors.$inferSelect;

/** One-time recovery codes (ten per set), stored as a peppered SHA-256: each works once. */
export const recoveryCodes = sqliteTable(
  "user_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: belongsTo("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [uniqueIndex("user_recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

/** A user's passkeys (WebAuthn credentials), named by the user; several per user. */
export const passkeys = sqliteTable(
  "user_passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: belongsTo("user_id", () => users.id),
    companyId: integer("company_id").notNull(),
    /** base64url credential id, unique across the platform (a passkey sign-in finds its user by it). */
    credentialId: text("credential_id").notNull(),
    /** base64url COSE public key. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of the authenticator's transports (usb, internal, hybrid…). */
    transports: text("transports").notNull().default("[]"),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [uniqueIndex("user_passkeys_credential_idx").on(t.credentialId), index("user_passkeys_user_idx").on(t.userId)],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Short-lived, one-time challenges of the sign-in: the second step after the password ("signin"),
 * the forced setup of a second factor ("enrol"), a password change after the second step
 * ("password"), a passkey sign-in ("passkey") and a passkey registration ("register"). The id is
 * the SHA-256 of the token the client holds; `webauthn` is the WebAuthn challenge being answered.
 */
export const authChallenges = sqliteTable(
  "auth_challenges",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    webauthn: text("webauthn"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("auth_challenges_expires_idx").on(t.expiresAt)],
);
export type AuthChallengeRow = typeof authChallenges.$inferSelect;
