import { type SQL, sql } from "drizzle-orm";
import { contacts } from "../contacts";
import { tickets } from "./schema";
import { type SearchSql, type SearchTerms, WALK_FROM } from "./search-terms";

/**
 * Ticket search on PostgreSQL, the same meaning as SQLite's FTS5 (see search.ts): message bodies
 * through the GIN index of messages/search-index-pg.ts (`message_search_doc(company_id, body) @@
 * message_search_query(company, words)`, the company inside the index), contact names and numbers
 * as on SQLite.
 */

/**
 * The tickets a search finds (see search.ts): contact name or number, or the GIN index of messages.
 * As a condition the two parts stay apart (`id in (…) or contact_id in (…)`): joined by a union, the
 * planner cannot tell how many tickets the union holds, guesses 200 and probes each match's ticket
 * (34 ms of CPU for an agent's search on the bench data set instead of 22 with the tickets hashed).
 */
export function pgSearchSql(companyId: number, terms: SearchTerms): SearchSql {
  // sort_name is folded by the same expression as on SQLite; ILIKE in the ucs_basic collation ignores
  // ASCII case only, as SQLite's LIKE.
  const byName = sql`select c.id from ${contacts} c where c.company_id = ${companyId} and c.sort_name ilike ${terms.namePattern}`;
  const contactIds = terms.numberPattern
    ? sql`select c.id from ${contacts} c where c.company_id = ${companyId} and c.number like ${terms.numberPattern} union all ${byName}`
    : byName;
  const byContact = sql`select t.id from ${tickets} t where t.company_id = ${companyId} and t.contact_id in (${contactIds})`;
  if (!terms.words.length) return { set: byContact, condition: sql`${tickets.contactId} in (${contactIds})` };
  // The messages table by name, as search-sqlite.ts does: the messages module depends on tickets, not the reverse.
  const byMessage = sql`select m.ticket_id from messages m
    where message_search_doc(m.company_id, m.body) @@ message_search_query(${companyId}, ${terms.words.join(" ")})`;
  return {
    set: sql`${byContact} union all ${byMessage}`,
    condition: sql`(${tickets.id} in (${byMessage}) or ${tickets.contactId} in (${contactIds}))`,
  };
}

/**
 * One page and the count in one statement, as on SQLite: with no condition on ticket columns the
 * page is read by walking `tickets_company_updated_idx` backwards, each ticket tested against the
 * set (`(… in …) is true` keeps the test a hashed lookup instead of a join the planner would sort),
 * while the page lies in the first eighth of 1,000 or more matches; otherwise the conditions pick
 * the tickets (a hash join with the matches) and only the page's ids are sorted out.
 */
export function pgSearchPageQuery(companyId: number, set: SQL, where: SQL | undefined, onlySearch: boolean, size: number, offset: number): SQL {
  const page = (from: SQL) =>
    sql`(select coalesce(json_agg(p.id order by p.at desc, p.id desc), '[]') from (${from} order by at desc, id desc limit ${size} offset ${offset}) p)`;
  if (!onlySearch)
    return sql`with found as materialized (select ${tickets.id} as id, ${tickets.updatedAt} as at from ${tickets} where ${where})
      select (select count(*) from found) as total, ${page(sql`select id, at from found`)} as ids`;
  return sql`with found as materialized (select distinct s.id from (${set}) s), n as (select count(*) as n from found)
    select (select n from n) as total,
      case when (select n from n) >= ${WALK_FROM} and ${offset + size} * 8 <= (select n from n)
        then ${page(sql`select t.id, t.updated_at as at from ${tickets} t where t.company_id = ${companyId} and (t.id in (select id from found)) is true`)}
        else ${page(sql`select t.id, t.updated_at as at from ${tickets} t where t.id in (select id from found)`)}
      end as ids`;
}
