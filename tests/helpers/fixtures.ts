import type { TestApp } from "./app";

/**
 * One creator per area: makes a resource in the company of `token` and answers its id.
 * The route-table test creates one of each in company A, then checks that company B can never
 * read or change them through any route. Each new area appends its creator here.
 */
export type Creator = (t: TestApp, token: string) => Promise<number>;

export const CREATORS: Record<string, Creator> = {
  user: async (t, token) => {
    const r = await t.call("POST", "/users", {
      token,
      body: { name: "Fixture User", email: `fx.${crypto.randomUUID().slice(0, 8)}@test.local`, password: "12345" },
    });
    if (r.status !== 201) throw new Error(`fixture user: ${r.status} ${r.text}`);
    return r.json.id;
  },
};
