// Whether two bank account holders' names are one person's, for same_person() (docs/decisions/048): the
// SQL function person_name_key (src/server/db/functions/person_name_key.sql) applies the same steps with the
// same character lists, and tests/api/same-person.test.ts checks the two agree on PERSON_NAME_CASES and on
// random names. Banks and players write one name as "นาย สมชาย ใจดี", "นายสมชาย-ใจดี" or "MR. SOMCHAI JAIDEE":
// what is left once width forms, case, separators and a leading title are dropped is the name.

/**
 * What separates or decorates a name without being part of it: spaces (also no-break and zero-width ones,
 * which Thai text picks up when pasted), every ASCII character that is neither a letter nor a digit, and
 * the dashes, quotes and dots that keyboards substitute for them. A regular-expression class body valid
 * both here (with the `u` flag) and in PostgreSQL's advanced expressions.
 */
export const NAME_SEPARATORS =
  "\\u0001-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u00a0\\u00ad\\u00b7\\u1680\\u2000-\\u202f\\u2032-\\u2034\\u205f-\\u2064\\u2212\\u3000\\u30fb\\ufeff";

/**
 * Titles a holder's name may start with: Thai titles as they are (banks print "นายสมชาย" as often as
 * "นาย สมชาย"), abbreviations with their dots or spaces ("น.ส.", "ด.ช."; bare "นส" starts names), English
 * titles only before a separator or the end ("Mr. Somchai", "MR SOMCHAI": "Mrsomchai" is not "Somchai").
 * A longer title comes before any title it starts with: JavaScript takes the first alternative that fits,
 * PostgreSQL the longest, and with this order they are the same one.
 */
export const NAME_TITLES = ["นางสาว", "นาง", "นาย", "เด็กชาย", "เด็กหญิง", "น.ส.", "ด.ช.", "ด.ญ.", "mrs", "mr", "miss", "ms"] as const;

const sep = `[${NAME_SEPARATORS}]`;
const separators = new RegExp(sep, "gu");
/** The same text as the pattern in person_name_key.sql. */
export const NAME_TITLE_PATTERN = `^${sep}*(นางสาว|นาง|นาย|เด็กชาย|เด็กหญิง|น${sep}+ส|ด${sep}+ช|ด${sep}+ญ|(mrs|mr|miss|ms)(?=${sep}|$))`;
const title = new RegExp(NAME_TITLE_PATTERN, "u");

/**
 * The holder's name as same_person() compares it, or null when nothing is left to compare (a name that is
 * only a title or punctuation is no one's): NFKC (full-width letters and Thai ำ written as ํ + า become
 * one form), ASCII letters lower-cased, one leading title dropped, then separators dropped.
 */
export function personNameKey(name: string | null | undefined): string | null {
  if (name == null) return null;
  const key = name
    .normalize("NFKC")
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(title, "")
    .replace(separators, "");
  return key === "" ? null : key;
}

/** Whether two holders' names are one person's by personNameKey (two unknown names are not). */
export function samePersonName(a: string | null | undefined, b: string | null | undefined): boolean {
  const ka = personNameKey(a);
  return ka !== null && ka === personNameKey(b);
}

/** The cases both rules are held to: [a, b, same person]. */
export const PERSON_NAME_CASES: ReadonlyArray<readonly [string, string, boolean]> = [
  ["สมชาย ใจดี", "สมชาย ใจดี", true],
  ["สมชาย ใจดี", "สมชาย  ใจดี", true],
  ["สมชาย ใจดี", "สมชายใจดี", true],
  ["สมชาย ใจดี", "สมชาย-ใจดี", true],
  ["สมชาย ใจดี", "สมชาย.ใจดี", true],
  ["สมชาย ใจดี", "สมชาย ใจดี.", true],
  ["สมชาย ใจดี", "ส.มชาย ใ'จดี", true],
  ["สมชาย ใจดี", "นาย สมชาย ใจดี", true],
  ["สมชาย ใจดี", "นายสมชาย-ใจดี", true],
  ["สมหญิง ใจดี", "นาง สมหญิง ใจดี", true],
  ["สมหญิง ใจดี", "นางสาว สมหญิง ใจดี", true],
  ["สมหญิง ใจดี", "น.ส. สมหญิง ใจดี", true],
  ["สมหญิง ใจดี", "น.ส.สมหญิง-ใจดี", true],
  ["นาง สมหญิง ใจดี", "นางสาว สมหญิง ใจดี", true],
  ["สมชาย ใจดี", "สมชาย\u00a0ใจดี", true],
  ["สมชาย ใจดี", "สมชาย\u200bใจดี", true],
  ["สมชาย ใจดี", "สมชาย\u2013ใจดี", true],
  ["สมชาย ใจดี", "Mr. สมชาย ใจดี", true],
  ["ทำดี มีสุข", "ท\u0e4d\u0e32ดี มีสุข", true],
  ["Somchai Jaidee", "SOMCHAI JAIDEE", true],
  ["Somchai Jaidee", "Mr. Somchai Jaidee", true],
  ["Somchai Jaidee", "MR SOMCHAI-JAIDEE", true],
  ["Somchai Jaidee", "mr.somchai.jaidee", true],
  ["Somchai Jaidee", "Somchai O'Jaidee", false],
  ["Somchai Jaidee", "Mrsomchai Jaidee", false],
  ["Msomchai", "Somchai", false],
  ["นสรีน ใจดี", "รีน ใจดี", false],
  ["สมชาย ใจดี", "ด.ช. สมชาย ใจดี", true],
  ["Somying Jaidee", "Mrs. Somying Jaidee", true],
  ["Somying Jaidee", "Ms Somying Jaidee", true],
  ["Somying Jaidee", "Miss Somying Jaidee", true],
  ["Somying Jaidee", "ＳＯＭＹＩＮＧ ＪＡＩＤＥＥ", true],
  ["สมชาย ใจดี", "สมชาย ใจดีมาก", false],
  ["สมชาย ใจดี", "สมศักดิ์ ใจดี", false],
  ["สมชาย ใจดี", "สมชาย ใจด", false],
  ["ใจดี สมชาย", "สมชาย ใจดี", false],
  ["สมชาย ใจดี", "Somchai Jaidee", false],
  ["นาย", "นาง", false],
  ["นาย", "นาย", false],
  ["...", "-", false],
];
