-- RUTs in one form (docs/decisions/0087-ruts-in-one-form.md): every valid RUT already saved as a client's
-- or passenger's ID, the company's RUT and the tax data's RUT is rewritten as 12.345.678-5, the form the
-- app now stores. Passports, other IDs and RUTs with a wrong check digit stay as typed.
-- f_rut_canonical is src/domain/rut.ts's normalizeRut for a RUT: written like one (looksLikeRut: 7 or 8
-- digits, dots allowed, a check digit after an optional dash), its módulo 11 digit right; NULL otherwise.
-- It only adds dots and a dash and upper-cases a k, so f_id_key of the new value is the old one's: the
-- passengers' unique index on f_id_key sees no new duplicate, the stored search texts keep their IDs,
-- and searches and duplicate checks find the same rows as before.
CREATE FUNCTION f_rut_canonical(id text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  compact text;
  body text;
  total integer := 0;
  factor integer := 2;
  rest integer;
  digit text;
BEGIN
  IF id !~ '^\s*[0-9]{1,2}(\.?[0-9]{3}){2}\s*-?\s*[0-9kK]\s*$' THEN
    RETURN NULL;
  END IF;
  compact := f_id_key(id);
  body := left(compact, -1);
  FOR i IN REVERSE length(body)..1 LOOP
    total := total + substr(body, i, 1)::integer * factor;
    factor := CASE WHEN factor = 7 THEN 2 ELSE factor + 1 END;
  END LOOP;
  rest := 11 - total % 11;
  digit := CASE rest WHEN 11 THEN '0' WHEN 10 THEN 'K' ELSE rest::text END;
  IF right(compact, 1) <> digit THEN
    RETURN NULL;
  END IF;
  -- The body has 7 or 8 digits: millions, thousands and units.
  RETURN left(body, -6) || '.' || substr(body, length(body) - 5, 3) || '.' || right(body, 3)
    || '-' || digit;
END;
$$;
--> statement-breakpoint
-- A client's or passenger's new ID refreshes its sales' search text (clients_search, passengers_search):
-- the same text, since the ID's key is unchanged.
UPDATE "clients" SET "client_id" = f_rut_canonical("client_id")
  WHERE f_rut_canonical("client_id") IS NOT NULL AND "client_id" <> f_rut_canonical("client_id");
--> statement-breakpoint
UPDATE "passengers" SET "passenger_id" = f_rut_canonical("passenger_id")
  WHERE f_rut_canonical("passenger_id") IS NOT NULL AND "passenger_id" <> f_rut_canonical("passenger_id");
--> statement-breakpoint
UPDATE "company_settings" SET "tax_id" = f_rut_canonical("tax_id")
  WHERE f_rut_canonical("tax_id") IS NOT NULL AND "tax_id" <> f_rut_canonical("tax_id");
--> statement-breakpoint
UPDATE "company_tax" SET "rut" = f_rut_canonical("rut")
  WHERE f_rut_canonical("rut") IS NOT NULL AND "rut" <> f_rut_canonical("rut");
