/**
 * The one place passwords are hashed and checked: argon2id through Bun.password. Under tests
 * (NODE_ENV=test) the cost is low so suites stay fast; production uses Bun's defaults.
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1 } as const;

const options = (): Bun.Password.Argon2Algorithm => (process.env.NODE_ENV === "test" ? { algorithm: "argon2id", ...TEST_COST } : { algorithm: "argon2id" });

/** Hashes a password (argon2id). */
export const hashPassword = (plain: string): Promise<string> => Bun.password.hash(plain, options());

/** Checks a password against a stored hash (any algorithm Bun recognises). */
export const verifyPassword = (plain: string, hash: string): Promise<boolean> => Bun.password.verify(plain, hash);
