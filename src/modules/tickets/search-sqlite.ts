import { type SQL, sql } from "drizzle-orm";
import { contacts } from "../contacts";
import { tickets } from "./schema";
import { type SearchSql, type SearchTerms, WALK_FROM } from "./search-terms";

/**
 * Ticket search on SQLite (see search.ts for its meaning): FTS5 over message bodies (migrations 0004
 * and 0030: `unicode61 remove_diacritics 2`, contentless, keyed by company), `indexed by` where the
 * planner would pick a worse index. SQLite only: search-pg.ts is PostgreSQL's form of the same search.
 */

/** The words as an FTS5 prefix query of quoted tokens (no FTS syntax from users). */
const ftsQuery = (words: string[]) => words.map((t) => `"${t.replaceAll('"', "")}"*`).join(" ");

/**
 * The FTS index is keyed by (company_id << 44) | message id (migration 0030): a company's messages
 * are one rowid range, read straight from the index, and the low bits give back the message id.
 */
const companyMessages = (companyId: number) => sql`rowid >= (${companyId} << 44) and rowid < ((${companyId} + 1) << 44)`;

/**
 * The tickets a search finds, as a select of ids (repeats possible), all of the company: those whose
 * contact's name or number contains the text, and those with a message matching it (FTS5: the
 * company's matches only, each turned into its ticket through `messages_search_idx`).
 */
export function sqliteSearchSql(companyId: number, terms: SearchTerms): SearchSql {
  const set = searchSet(companyId, terms);
  return { set, condition: sql`${tickets.id} in (${set})` };
}

function searchSet(companyId: number, terms: SearchTerms): SQL {
  // Names are matched on `sort_name` (case and accents folded, as the contacts page sorts them), read
  // from its (company, sort_name) index rather than every contact row (3.6 → 0.8 ms over 10,000
  // contacts). Numbers are stored as digits only, so only a text of digits can match them.
  const byName = sql`select c.id from ${contacts} c indexed by contacts_company_sort_name_idx where c.company_id = ${companyId} and c.sort_name like ${terms.namePattern} escape '\\'`;
  const contactIds = terms.numberPattern
    ? sql`select c.id from ${contacts} c where c.company_id = ${companyId} and c.number like ${terms.numberPattern} union all ${byName}`
    : byName;
  const byContact = sql`select t.id from ${tickets} t where t.company_id = ${companyId} and t.contact_id in (${contactIds})`;
  if (!terms.words.length) return byContact;
  const matches = sql`select rowid & ((1 << 44) - 1) from messages_fts where messages_fts match ${ftsQuery(terms.words)} and ${companyMessages(companyId)}`;
  return sql`${byContact} union all select m.ticket_id from messages m indexed by messages_search_idx where m.company_id = ${companyId} and m.id in (${matches})`;
}

/**
 * One page of a search and the count of every match in one statement (see `searchPageQuery`): the
 * matches are found once (materialized). With no condition on ticket columns the set is counted as
 * it is and the page is read by walking `tickets_company_updated_idx` in list order, testing each
 * ticket against the set, until the page is full: no ticket row is read for the thousands of matches
 * (used while the page lies in the first eighth of the matches, so the walk stays within an eighth of
 * the company's tickets). Otherwise each match's ticket row is read for the conditions and only the
 * page's ids are sorted out.
 */
export function sqliteSearchPageQuery(companyId: number, set: SQL, where: SQL | undefined, onlySearch: boolean, size: number, offset: number): SQL {
  return onlySearch
    ? sql`with found as materialized (select id from (${set}) group by id)
        select (select count(*) from found) as total,
          case when (select count(*) from found) >= ${WALK_FROM} and ${offset + size} * 8 <= (select count(*) from found)
            then (select json_group_array(id) from (select t.id from ${tickets} t indexed by tickets_company_updated_idx
              where t.company_id = ${companyId} and t.id in found order by t.updated_at desc, t.id desc limit ${size} offset ${offset}))
            else (select json_group_array(id) from (select t.id from ${tickets} t where t.id in found order by t.updated_at desc, t.id desc limit ${size} offset ${offset}))
          end as ids`
    : sql`with found as materialized (select ${tickets.id} as id, ${tickets.updatedAt} as at from ${tickets} where ${where})
        select (select count(*) from found) as total,
          (select json_group_array(id) from (select id from found order by at desc, id desc limit ${size} offset ${offset})) as ids`;
}
