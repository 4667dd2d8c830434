-- Whether two players look like one person (referral commission, docs/decisions/014; games, 016): the same
-- bank account number, phone, or bank account holder's name as person_name_key reads it (spaces,
-- punctuation, case and a leading title such as นาย, น.ส. or Mr. ignored; docs/decisions/048).
CREATE OR REPLACE FUNCTION same_person(p_a uuid, p_b uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((
    SELECT a.bank_no = b.bank_no OR a.phone = b.phone
        OR person_name_key(a.bank_account_name) = person_name_key(b.bank_account_name)
    FROM public.users a, public.users b WHERE a.id = p_a AND b.id = p_b), false)
$$;
