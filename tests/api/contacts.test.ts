import { describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);
const supervisorA = await t.newUser(a.admin.token, { profile: "supervisor" });

/** Builds a spreadsheet file from rows (first row = header). */
function sheetFile(rows: unknown[][], name = "contatos.xlsx", bookType: "xlsx" | "xls" = "xlsx") {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Planilha1");
  const bytes = XLSX.write(wb, { type: "array", bookType }) as ArrayBuffer;
  const mime = bookType === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "application/vnd.ms-excel";
  return new File([bytes], name, { type: mime });
}
const formWith = (file: File) => {
  const f = new FormData();
  f.append("file", file);
  return f;
};

describe("contacts CRUD", () => {
  let id = 0;
  test("create stores digits only, answers 201 with uuid and extraInfo, publishes contact create", async () => {
    const r = await t.call("POST", "/contacts", {
      token: agentA.token,
      body: { name: "João da Silva", number: "+55 (11) 98888-7777", email: "Joao@Example.com", extraInfo: [{ name: "CPF", value: "123" }] },
    });
    expect(r.status).toBe(201);
    expect(r.json.number).toBe("5511988887777");
    expect(r.json.email).toBe("joao@example.com");
    expect(r.json.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.json.extraInfo).toEqual([{ id: expect.any(Number), name: "CPF", value: "123" }]);
    id = r.json.id;
    const ev = t.events.at(-1)!;
    expect(ev.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    expect(ev.frame).toMatchObject({ channel: "contact", action: "create", contact: { id } });
  });

  test("duplicate number (any formatting) answers 409 ERR_DUPLICATED_CONTACT", async () => {
    const r = await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "Outro", number: "5511988887777" } });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe("ERR_DUPLICATED_CONTACT");
  });

  test("the same number in another company is fine", async () => {
    const r = await t.call("POST", "/contacts", { token: b.admin.token, body: { name: "Da B", number: "5511988887777" } });
    expect(r.status).toBe(201);
  });

  test("validation: name 2-50, number 8-50 digits, email valid", async () => {
    const r = await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "J", number: "12-34", email: "nope" } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("ERR_VALIDATION");
    expect(r.json.fields).toEqual({ name: "validation.tooShort", number: "validation.tooShort", email: "validation.invalidEmail" });
    const missing = await t.call("POST", "/contacts", { token: a.admin.token, body: {} });
    expect(missing.json.fields.name).toBe("validation.required");
    expect(missing.json.fields.number).toBe("validation.required");
    const long = await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "x".repeat(51), number: "1".repeat(51) } });
    expect(long.json.fields).toEqual({ name: "validation.tooLong", number: "validation.tooLong" });
  });

  test("show includes extraInfo; update replaces it and checks duplicates", async () => {
    const s = await t.call("GET", `/contacts/${id}`, { token: agentA.token });
    expect(s.json.extraInfo[0].name).toBe("CPF");
    const u = await t.call("PUT", `/contacts/${id}`, {
      token: agentA.token,
      body: {
        name: "João S.",
        extraInfo: [
          { name: "Cidade", value: "São Paulo" },
          { name: "Plano", value: "Ouro" },
        ],
      },
    });
    expect(u.status).toBe(200);
    expect(u.json.name).toBe("João S.");
    expect(u.json.extraInfo.map((f: { name: string }) => f.name)).toEqual(["Cidade", "Plano"]);
    expect(t.events.at(-1)!.frame).toMatchObject({ channel: "contact", action: "update" });
    const other = await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "Maria", number: "5521977776666" } });
    const dup = await t.call("PUT", `/contacts/${other.json.id}`, { token: a.admin.token, body: { number: "55 11 98888 7777" } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("ERR_DUPLICATED_CONTACT");
  });

  test("names sort without regard to case or accents", async () => {
    const c = await t.newCompany();
    for (const [name, n] of [
      ["bruno", 1],
      ["Zeca", 2],
      ["Álvaro", 3],
      ["ana", 4],
      ["Élida", 5],
      ["Carla", 6],
    ] as const) {
      await t.call("POST", "/contacts", { token: c.admin.token, body: { name, number: `551190000300${n}` } });
    }
    const list = await t.call("GET", "/contacts", { token: c.admin.token });
    expect(list.json.contacts.map((x: { name: string }) => x.name)).toEqual(["Álvaro", "ana", "bruno", "Carla", "Élida", "Zeca"]);
    expect(list.json.contacts[0]).not.toHaveProperty("sortName");
  });

  test("list: page of 30 ordered by name, search over name (3+ chars) and number", async () => {
    for (let i = 0; i < 35; i++) {
      await t.call("POST", "/contacts", {
        token: a.admin.token,
        body: { name: `Zeca ${String(i).padStart(2, "0")}`, number: `55319${String(i).padStart(8, "0")}` },
      });
    }
    const p1 = await t.call("GET", "/contacts?pageNumber=1", { token: agentA.token });
    expect(p1.json.contacts.length).toBe(30);
    expect(p1.json.hasMore).toBe(true);
    expect(p1.json.count).toBe(37);
    const names = p1.json.contacts.map((c: { name: string }) => c.name);
    expect([...names].sort((x: string, y: string) => x.localeCompare(y))).toEqual(names);
    const p2 = await t.call("GET", "/contacts?pageNumber=2", { token: agentA.token });
    expect(p2.json.contacts.length).toBe(7);
    expect(p2.json.hasMore).toBe(false);
    const byName = await t.call("GET", "/contacts?searchParam=joão", { token: agentA.token });
    expect(byName.json.contacts.map((c: { name: string }) => c.name)).toEqual(["João S."]);
    const byNumber = await t.call("GET", "/contacts?searchParam=98888", { token: agentA.token });
    expect(byNumber.json.count).toBe(1);
    // letters look at names and e-mails only, never at stray digits of numbers; digits look at numbers
    const lettersAndDigit = await t.call("GET", "/contacts?searchParam=zeca%203", { token: agentA.token });
    expect(lettersAndDigit.json.contacts.every((c: { name: string }) => c.name.startsWith("Zeca 3"))).toBe(true);
    expect(lettersAndDigit.json.count).toBe(5);
    const formatted = await t.call("GET", "/contacts?searchParam=%2B55%20(31)%209", { token: agentA.token });
    expect(formatted.json.count).toBe(35);
    const wild = await t.call("GET", "/contacts?searchParam=%25", { token: agentA.token });
    expect(wild.json.count).toBe(0);
    const list = await t.call("GET", "/contacts/list", { token: agentA.token });
    expect(list.json.length).toBe(37);
    expect(list.json[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      number: expect.any(String),
      email: expect.any(String),
      profilePicUrl: "",
      isGroup: false,
    });
  });

  test("delete: agents are refused, supervisors and admins may", async () => {
    const c = await t.call("POST", "/contacts", { token: agentA.token, body: { name: "Apagar", number: "5599911112222" } });
    const denied = await t.call("DELETE", `/contacts/${c.json.id}`, { token: agentA.token });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe("ERR_NO_PERMISSION");
    const ok = await t.call("DELETE", `/contacts/${c.json.id}`, { token: supervisorA.token });
    expect(ok.status).toBe(200);
    expect(t.events.at(-1)!.frame).toEqual({ channel: "contact", action: "delete", contactId: c.json.id });
    expect((await t.call("GET", `/contacts/${c.json.id}`, { token: a.admin.token })).status).toBe(404);
  });

  test("company B's token on company A's contact answers 404 ERR_NO_CONTACT_FOUND, never data", async () => {
    for (const [method, body] of [["GET"], ["PUT", { name: "Hack" }], ["DELETE"]] as const) {
      const r = await t.call(method, `/contacts/${id}`, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    }
    const list = await t.call("GET", "/contacts?searchParam=joão", { token: b.admin.token });
    expect(list.json.count).toBe(0);
    expect((await t.call("GET", `/contacts/${id}`, { token: a.admin.token })).json.name).toBe("João S.");
  });
});

describe("contacts import and export", () => {
  test("import: headers in any order and language, upsert by number, report with row numbers", async () => {
    const c = await t.newCompany();
    await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Antigo", number: "5511900000001" } });
    const file = sheetFile([
      ["Correo", "Teléfono", "Nombre"],
      ["ana@x.com", "+55 11 90000-0001", "Ana Atualizada"],
      ["", "5511900000002", "Bruno"],
      ["", "123", "Curto"],
      ["", "", ""],
      ["ruim", "5511900000003", "Carla"],
      ["", 5511900000004, ""],
    ]);
    const r = await t.call("POST", "/contacts/import", { token: c.admin.token, form: formWith(file) });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      created: 2,
      updated: 1,
      unchanged: 0,
      // the row whose number was already a contact is listed with what it changed
      matched: [{ row: 2, number: "5511900000001", name: "Antigo", changes: { name: ["Antigo", "Ana Atualizada"], email: ["", "ana@x.com"] } }],
      rejected: [
        { row: 4, reason: "ERR_IMPORT_INVALID_NUMBER" },
        { row: 6, reason: "ERR_IMPORT_INVALID_EMAIL" },
      ],
    });
    const list = await t.call("GET", "/contacts", { token: c.admin.token });
    expect(list.json.contacts.map((x: { name: string; number: string }) => `${x.name}|${x.number}`)).toEqual([
      "5511900000004|5511900000004",
      "Ana Atualizada|5511900000001",
      "Bruno|5511900000002",
    ]);
    expect(t.events.at(-1)!.frame).toEqual({ channel: "contact", action: "reload" });
  });

  test("import never renames silently: a row without a name keeps the contact's name; an unchanged row is reported", async () => {
    const c = await t.newCompany();
    await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Dona Rosa", number: "5511900000011", email: "rosa@x.com" } });
    await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Seu Zé", number: "5511900000012" } });
    const file = sheetFile([
      ["Número", "Nome", "E-mail"],
      ["5511900000011", "", ""],
      ["5511900000012", "Seu Zé", ""],
    ]);
    const r = await t.call("POST", "/contacts/import", { token: c.admin.token, form: formWith(file) });
    expect(r.json).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      matched: [
        { row: 2, number: "5511900000011", name: "Dona Rosa", changes: {} },
        { row: 3, number: "5511900000012", name: "Seu Zé", changes: {} },
      ],
      rejected: [],
    });
    const list = await t.call("GET", "/contacts", { token: c.admin.token });
    expect(list.json.contacts.map((x: { name: string; email: string }) => `${x.name}|${x.email}`)).toEqual(["Dona Rosa|rosa@x.com", "Seu Zé|"]);
  });

  test("a number repeated in the sheet is created by its first row and changed by the later ones, even 1,000 rows apart", async () => {
    const c = await t.newCompany();
    const rows: unknown[][] = [["Nome", "Número", "E-mail"]];
    for (let i = 0; i < 1200; i++) rows.push([`Pessoa ${i}`, `55118${String(i).padStart(8, "0")}`, ""]);
    rows.push(["", "+55 11 8000-00003", "tres@x.com"]); // row 1202: no name, a new e-mail for row 5's contact
    rows.push(["Pessoa Mil e Cem", "5511800001100", ""]); // row 1203: a new name for row 1102's contact
    rows.push(["Pessoa 7", "5511800000007", ""]); // row 1204: the same as row 9
    const r = await t.call("POST", "/contacts/import", { token: c.admin.token, form: formWith(sheetFile(rows)) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ created: 1200, updated: 2, unchanged: 1, rejected: [] });
    expect(r.json.matched).toEqual([
      { row: 1202, number: "5511800000003", name: "Pessoa 3", changes: { email: ["", "tres@x.com"] } },
      { row: 1203, number: "5511800001100", name: "Pessoa 1100", changes: { name: ["Pessoa 1100", "Pessoa Mil e Cem"] } },
      { row: 1204, number: "5511800000007", name: "Pessoa 7", changes: {} },
    ]);
    const found = async (q: string) => (await t.call("GET", `/contacts?searchParam=${q}`, { token: c.admin.token })).json.contacts;
    expect((await found("5511800000003")).map((x: { name: string; email: string }) => `${x.name}|${x.email}`)).toEqual(["Pessoa 3|tres@x.com"]);
    expect((await found("5511800001100")).map((x: { name: string }) => x.name)).toEqual(["Pessoa Mil e Cem"]);
  });

  test("export headers follow the user's language; an unknown language is refused", async () => {
    const c = await t.newCompany();
    await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Ana", number: "5511900000021" } });
    const head = async (q: string) => (await t.call("GET", `/contacts/export${q}`, { token: c.admin.token })).text.split("\r\n")[0].replace("\uFEFF", "");
    expect(await head("?lang=pt-BR")).toBe("nome;numero;email");
    expect(await head("?lang=es")).toBe("nombre;telefono;correo");
    expect(await head("?lang=en")).toBe("name;number;email");
    expect(await head("")).toBe("name;number;email");
    expect((await t.call("GET", "/contacts/export?lang=xx", { token: c.admin.token })).status).toBe(400);
  });

  test("import accepts legacy .xls too", async () => {
    const c = await t.newCompany();
    const r = await t.call("POST", "/contacts/import", {
      token: c.admin.token,
      form: formWith(
        sheetFile(
          [
            ["nome", "número"],
            ["Zé", "5511911112222"],
          ],
          "lista.xls",
          "xls",
        ),
      ),
    });
    expect(r.json).toEqual({ created: 1, updated: 0, unchanged: 0, matched: [], rejected: [] });
  });

  test("import refuses anything but .xls/.xlsx with ERR_IMPORT_FILE_TYPE", async () => {
    const csv = new File(["nome;numero\nA;5511999999999"], "c.csv", { type: "text/csv" });
    const r = await t.call("POST", "/contacts/import", { token: a.admin.token, form: formWith(csv) });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("ERR_IMPORT_FILE_TYPE");
    const fake = new File(["not a spreadsheet at all"], "c.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    const r2 = await t.call("POST", "/contacts/import", { token: a.admin.token, form: formWith(fake) });
    expect(r2.json.error).toBe("ERR_IMPORT_FILE_TYPE");
    const none = await t.call("POST", "/contacts/import", { token: a.admin.token, form: new FormData() });
    expect(none.json.error).toBe("ERR_UPLOAD_MISSING");
    const noNumber = await t.call("POST", "/contacts/import", {
      token: a.admin.token,
      form: formWith(
        sheetFile([
          ["nome", "cidade"],
          ["A", "B"],
        ]),
      ),
    });
    expect(noNumber.json.error).toBe("ERR_IMPORT_NO_NUMBER_COLUMN");
  });

  test("1,000 rows import well under 2 s", async () => {
    const c = await t.newCompany();
    const rows: unknown[][] = [["name", "number", "email"]];
    for (let i = 0; i < 1000; i++) rows.push([`Contato ${i}`, `55119${String(i).padStart(8, "0")}`, `c${i}@x.com`]);
    const r = await t.call("POST", "/contacts/import", { token: c.admin.token, form: formWith(sheetFile(rows)) });
    // Its speed is a benchmark (bench/contacts-import.ts), not a timed test.
    expect(r.json.created).toBe(1000);
  });

  test("export: CSV with ; separator, RFC 4180 quoting, BOM, attachment; round-trips through import with accents", async () => {
    const c = await t.newCompany();
    const people = [
      { name: "Conceição Ávila", number: "5511900001111", email: "cc@x.com" },
      { name: 'Ana "Aninha"; Souza', number: "5511900002222", email: "" },
      { name: "Niño Peña", number: "5511900003333", email: "nino@x.es" },
    ];
    for (const p of people) await t.call("POST", "/contacts", { token: c.admin.token, body: p });
    const res = await t.app.handle(new Request("http://localhost/contacts/export", { headers: { authorization: `Bearer ${c.admin.token}` } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes); // the decoder drops the BOM
    expect(text).toBe(
      'name;number;email\r\n"Ana ""Aninha""; Souza";5511900002222;\r\n' + "Conceição Ávila;5511900001111;cc@x.com\r\nNiño Peña;5511900003333;nino@x.es\r\n",
    );
    // CSV → spreadsheet (as a user opening it and saving as .xlsx) → import into another company
    const wb = XLSX.read(text, { type: "string", FS: ";", raw: true });
    const xlsx = XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
    const d = await t.newCompany();
    const file = new File([xlsx], "export.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    const imp = await t.call("POST", "/contacts/import", { token: d.admin.token, form: formWith(file) });
    expect(imp.json).toEqual({ created: 3, updated: 0, unchanged: 0, matched: [], rejected: [] });
    const back = await t.call("GET", "/contacts", { token: d.admin.token });
    expect(back.json.contacts.map((x: { name: string; number: string; email: string }) => ({ name: x.name, number: x.number, email: x.email }))).toEqual(
      [...people].sort((x, y) => (x.name < y.name ? -1 : 1)),
    );
  });

  test("export neutralises spreadsheet formulas in names, and import restores them", async () => {
    const c = await t.newCompany();
    await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "=HYPERLINK(1)", number: "5511900004444" } });
    const res = await t.call("GET", "/contacts/export", { token: c.admin.token });
    expect(res.text).toContain("'=HYPERLINK(1);5511900004444;");
    const wb = XLSX.read(res.text.replace(/^\uFEFF/, ""), { type: "string", FS: ";", raw: true });
    const xlsx = XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
    const d = await t.newCompany();
    const file = new File([xlsx], "export.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    await t.call("POST", "/contacts/import", { token: d.admin.token, form: formWith(file) });
    const back = await t.call("GET", "/contacts", { token: d.admin.token });
    expect(back.json.contacts[0].name).toBe("=HYPERLINK(1)");
  });

  test("export only contains the caller's company", async () => {
    const r = await t.call("GET", "/contacts/export", { token: b.admin.token });
    expect(r.text).toBe("\uFEFFname;number;email\r\nDa B;5511988887777;\r\n");
  });
});

describe("WhatsApp number check (D18)", () => {
  test("with a connected connection the number is checked and canonicalised; without one it is stored as typed", async () => {
    const { makeConnection } = await import("../helpers/channel");
    const c = await t.newCompany();
    const offline = await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Sem Conexão", number: "11 98888-0000" } });
    expect(offline.json.number).toBe("11988880000");
    const { fake } = await makeConnection(t, c.company.id);
    fake.checkNumber = async (n: string) =>
      n === "11977770000" ? { exists: true, number: "5511977770000", address: "5511977770000@s.whatsapp.net" } : { exists: false, number: n, address: "" };
    const ok = await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Com Conexão", number: "11977770000" } });
    expect(ok.status).toBe(201);
    expect(ok.json.number).toBe("5511977770000");
    const bad = await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Não Existe", number: "11900000000" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("ERR_WAPP_INVALID_CONTACT");
    fake.checkNumber = async () => {
      throw new Error("socket closed");
    };
    const down = await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Falha Rede", number: "11911110000" } });
    expect(down.json.error).toBe("ERR_WAPP_CHECK_CONTACT");
  });

  test("a contact's default connection must belong to the company", async () => {
    const { makeConnection } = await import("../helpers/channel");
    const c = await t.newCompany();
    const other = await t.newCompany();
    const foreign = (await makeConnection(t, other.company.id)).connection;
    const r = await t.call("POST", "/contacts", { token: c.admin.token, body: { name: "Conexão Alheia", number: "5511922223333", whatsappId: foreign.id } });
    expect(r.status).toBe(404);
    expect(r.json.error).toBe("ERR_NO_WAPP_FOUND");
  });
});
