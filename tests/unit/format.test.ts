import { describe, expect, test } from "bun:test";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { formatBody, parseLocation, parseVcard, stripMarks, ticksOf, withoutAutomaticHeader } from "../../web/src/features/tickets/format";
import { clockTime, dayKey, dayLabel, daysUntil, formatDate, formatDateTime, ticketTime } from "../../web/src/lib/format";

const SP = "America/Sao_Paulo";
const TOKYO = "Asia/Tokyo";

const html = (body: string) => renderToStaticMarkup(createElement(Fragment, null, ...formatBody(body)));

describe("message formatter", () => {
  test("bold, italic and strike", () => {
    expect(html("*oi* _tudo_ ~bem~")).toBe("<strong>oi</strong> <em>tudo</em> <del>bem</del>");
  });
  test("nested markers and the agent signature", () => {
    expect(html("*Ana*:\nOlá _*mundo*_")).toBe("<strong>Ana</strong>:\nOlá <em><strong>mundo</strong></em>");
  });
  test("markers inside words or around spaces stay text", () => {
    expect(html("2*3*4 and * not bold * and snake_case_name")).toBe("2*3*4 and * not bold * and snake_case_name");
  });
  test("links open in a new tab with noopener, trailing punctuation excluded", () => {
    expect(html("veja https://example.com/a?b=1.")).toBe(
      'veja <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer" class="break-all underline underline-offset-2">https://example.com/a?b=1</a>.',
    );
    expect(html("www.site.com.br")).toContain('href="https://www.site.com.br"');
  });
  test("HTML in a body is escaped text, never markup", () => {
    const out = html('<img src=x onerror="alert(1)"> *<b>x</b>* <script>alert(1)</script>');
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<script");
    expect(out).toContain("&lt;img src=x");
    expect(out).toContain("<strong>&lt;b&gt;x&lt;/b&gt;</strong>");
  });
  test("javascript: is not linkified", () => {
    expect(html("javascript:alert(1)")).toBe("javascript:alert(1)");
  });
  test("unclosed markers and empty bodies", () => {
    expect(html("*abc")).toBe("*abc");
    expect(html("")).toBe("");
  });
});

describe("ticket helpers", () => {
  test("hour today, date otherwise (pt-BR), today being the company's day", () => {
    const now = new Date("2026-11-21T18:00:00Z"); // 15:00 in São Paulo
    expect(ticketTime("2026-11-21T12:05:00Z", "pt-BR", SP, now)).toBe("09:05");
    expect(ticketTime("2026-11-20T12:05:00Z", "pt-BR", SP, now)).toBe("20/11/2026");
    // 01:30 UTC on the 21st is still the 20th in São Paulo (22:30): a date, not an hour
    expect(ticketTime("2026-11-21T01:30:00Z", "pt-BR", SP, now)).toBe("20/11/2026");
  });
  test("location parts", () => {
    expect(parseLocation("data:image/png;base64, AAA | https://maps.google.com/maps?q=1%2C2|1, 2")).toEqual({
      image: "data:image/png;base64, AAA",
      link: "https://maps.google.com/maps?q=1%2C2",
      description: "1, 2",
    });
  });
  test("vCard name and number", () => {
    const v = "BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nitem1.TEL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD";
    expect(parseVcard(v)).toEqual({ name: "Maria Souza", number: "5511999990000" });
  });
});

describe("previews", () => {
  test("stripMarks keeps the text and drops the markers", () => {
    expect(stripMarks("*Mensagem Automática*: Olá _Ana_, ~não~ 2*3*4")).toBe("Mensagem Automática: Olá Ana, não 2*3*4");
  });
});

describe("monospace", () => {
  test("```mono``` is code, its inside left as typed; previews drop the fences", () => {
    expect(html("use ```*npm* i``` agora *já*")).toBe('use <code class="font-mono text-[0.92em]">*npm* i</code> agora <strong>já</strong>');
    expect(stripMarks("```x = 1``` e _y_")).toBe("x = 1 e y");
  });
});

describe("times and ticks", () => {
  test("times follow the language: 24 h in pt-BR and es", () => {
    const at = new Date("2026-11-21T17:05:00Z");
    expect(clockTime(at, "pt-BR", SP)).toBe("14:05");
    expect(clockTime(at, "es", SP)).toBe("14:05");
    expect(clockTime(at, "en", SP)).toMatch(/^2:05\sPM$/);
    expect(ticketTime(at.toISOString(), "es", SP, at)).toBe("14:05");
  });
  test("ticks follow WhatsApp: 1-2 sent, 3 delivered, 4-5 read/played", () => {
    expect([0, 1, 2, 3, 4, 5].map(ticksOf)).toEqual(["queued", "sent", "sent", "delivered", "read", "read"]);
  });
});

test("an automatic message shows its header once (the bubble's label), not again in the body", () => {
  expect(withoutAutomaticHeader("*Mensagem Automática*:\nVocê foi transferido.")).toBe("Você foi transferido.");
  expect(withoutAutomaticHeader("*Mensagem Automática*:\n\nAs chamadas estão desabilitadas")).toBe("As chamadas estão desabilitadas");
  expect(withoutAutomaticHeader("Olá *Mensagem Automática*: no meio")).toBe("Olá *Mensagem Automática*: no meio");
});

describe("one clock: instants in the company's zone, whatever the zone the code runs in", () => {
  const at = "2026-11-21T17:05:00Z";
  test("the same instant reads as the company's wall clock", () => {
    expect(clockTime(at, "pt-BR", SP)).toBe("14:05");
    expect(clockTime(at, "pt-BR", TOKYO)).toBe("02:05");
    expect(formatDateTime(at, "pt-BR", TOKYO)).toStartWith("22/11/2026");
  });
  test("days and day separators follow the company's calendar", () => {
    expect(dayKey("2026-11-21T01:30:00Z", SP)).toBe("2026-11-20");
    expect(dayKey("2026-11-21T01:30:00Z", TOKYO)).toBe("2026-11-21");
    const now = Date.parse("2026-11-21T18:00:00Z");
    const words = { today: "Hoje", yesterday: "Ontem" };
    expect(dayLabel("2026-11-21T12:00:00Z", words, "pt-BR", SP, now)).toBe("Hoje");
    expect(dayLabel("2026-11-21T01:30:00Z", words, "pt-BR", SP, now)).toBe("Ontem");
    expect(dayLabel("2026-11-18T12:00:00Z", words, "pt-BR", SP, now)).toBe("18/11/2026");
  });
  test("a calendar date is never shifted by a zone; an instant is dated in the zone", () => {
    expect(formatDate("2026-12-31", "pt-BR", TOKYO)).toBe("31/12/2026");
    expect(formatDate("2026-11-21T01:30:00Z", "pt-BR", SP)).toBe("20/11/2026");
    expect(daysUntil("2026-11-22", new Date("2026-11-21T01:30:00Z"), SP)).toBe(2);
  });
});

test("inside something clickable (a kanban card) the marks render but addresses stay text", () => {
  const out = renderToStaticMarkup(createElement(Fragment, null, ...formatBody("*Joana Lima*: veja https://x.com *[ 1 ]*", { links: false })));
  expect(out).toBe("<strong>Joana Lima</strong>: veja https://x.com <strong>[ 1 ]</strong>");
});
