-- A bank account holder's name as same_person() compares it (docs/decisions/048), or null when nothing is left
-- (a name that is only a title or punctuation is no one's). The same steps, separators and titles as
-- personNameKey in src/domain/person-name.ts (tests/api/same-person.test.ts holds the two to the same cases
-- and to each other on random names): NFKC, ASCII letters lower-cased (translate, not lower(), whose reach
-- depends on the database's locale), one leading Thai or English title dropped, then separators dropped.
CREATE OR REPLACE FUNCTION person_name_key(p_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(regexp_replace(
    regexp_replace(
      translate(normalize(p_name, NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
      '^[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00a0\u00ad\u00b7\u1680\u2000-\u202f\u2032-\u2034\u205f-\u2064\u2212\u3000\u30fb\ufeff]*(นางสาว|นาง|นาย|เด็กชาย|เด็กหญิง|น[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00a0\u00ad\u00b7\u1680\u2000-\u202f\u2032-\u2034\u205f-\u2064\u2212\u3000\u30fb\ufeff]+ส|ด[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00a0\u00ad\u00b7\u1680\u2000-\u202f\u2032-\u2034\u205f-\u2064\u2212\u3000\u30fb\ufeff]+ช|ด[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00a0\u00ad\u00b7\u1680\u2000-\u202f\u2032-\u2034\u205f-\u2064\u2212\u3000\u30fb\ufeff]+ญ|(mrs|mr|miss|ms)(?=[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00a0\u00ad\u00b7\u1680\u2000-\u202f\u2032-\u2034\u205f-\u2064\u2212\u3000\u30fb\ufeff]|$))',
      ''),
    '[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00a0\u00ad\u00b7\u1680\u2000-\u202f\u2032-\u2034\u205f-\u2064\u2212\u3000\u30fb\ufeff]', '', 'g'), '')
$$;
