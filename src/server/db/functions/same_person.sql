-- Whether two players look like one person (referral commission, docs/decisions/014): the same bank
-- account number, phone, or bank account holder's name (spaces and case ignored).
CREATE OR REPLACE FUNCTION same_person(p_a uuid, p_b uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((
    SELECT a.bank_no = b.bank_no OR a.phone = b.phone
        OR lower(regexp_replace(a.bank_account_name, '\s', '', 'g')) = lower(regexp_replace(b.bank_account_name, '\s', '', 'g'))
    FROM public.users a, public.users b WHERE a.id = p_a AND b.id = p_b), false)
$$;
