import { describe, expect, test } from "bun:test";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  clockTime,
  formatBody,
  parseLocation,
  parseVcard,
  stripMarks,
  ticketTime,
  ticksOf,
  withoutAutomaticHeader,
} from "../../web/src/features/tickets/format";

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
  test("hour today, date otherwise (pt-BR)", () => {
    const now = new Date(2026, 10, 21, 15, 0);
    expect(ticketTime(new Date(2026, 10, 21, 9, 5).toISOString(), "pt-BR", now)).toBe("09:05");
    expect(ticketTime(new Date(2026, 10, 20, 9, 5).toISOString(), "pt-BR", now)).toBe("20/11/2026");
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
    const at = new Date(2026, 10, 21, 14, 5);
    expect(clockTime(at, "pt-BR")).toBe("14:05");
    expect(clockTime(at, "es")).toBe("14:05");
    expect(clockTime(at, "en")).toMatch(/^02:05\sPM$/);
    expect(ticketTime(at.toISOString(), "es", at)).toBe("14:05");
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
