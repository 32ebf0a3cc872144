-- The floor's schema: each table's journal records and the floor's own,
-- both hash-chained and chain-checked on insert, forks recorded, and who
-- may write what (grants and row-level security).

-- The two group roles (cluster-wide, so created only once; two databases
-- migrated at once may race to create them).
DO $$ BEGIN
  CREATE ROLE floorcall_tables NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
DO $$ BEGIN
  CREATE ROLE floorcall_floors NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

CREATE SCHEMA floorcall;
REVOKE ALL ON SCHEMA floorcall FROM PUBLIC;
GRANT USAGE ON SCHEMA floorcall TO floorcall_tables, floorcall_floors;

-- Which login role is which table's (tab) or a tournament's floor (tab
-- NULL): the policies below bind a role to its rows through it.
CREATE TABLE floorcall.roles (
  role name PRIMARY KEY,
  tournament text NOT NULL,
  tab text
);
GRANT SELECT ON floorcall.roles TO floorcall_tables, floorcall_floors;

-- One journal record of one table: its line exactly as journaled (without
-- the newline), and the chain members it ends with.
CREATE TABLE floorcall.records (
  tournament text NOT NULL,
  tab text NOT NULL,
  seq bigint NOT NULL CHECK (seq >= 0),
  prev bytea NOT NULL CHECK (octet_length(prev) = 32),
  hash bytea NOT NULL CHECK (octet_length(hash) = 32),
  line text NOT NULL,
  received timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tournament, tab, seq)
);

-- The floor's own records (draws, moves, the clock), chained the same way.
CREATE TABLE floorcall.floor_records (
  tournament text NOT NULL,
  seq bigint NOT NULL CHECK (seq >= 0),
  prev bytea NOT NULL CHECK (octet_length(prev) = 32),
  hash bytea NOT NULL CHECK (octet_length(hash) = 32),
  line text NOT NULL,
  received timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tournament, seq)
);

-- A record sent for a (tournament, table, seq) the database already holds
-- with another hash (tab NULL: the floor's records).
CREATE TABLE floorcall.forks (
  tournament text NOT NULL,
  tab text,
  seq bigint NOT NULL,
  hash_held bytea NOT NULL,
  hash_sent bytea NOT NULL,
  line_sent text NOT NULL,
  seen timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The hash a chained line carries, computed: SHA-256 of prev's 32 bytes and
-- the line less its `,"hash":"<64 hex>"}` tail (75 bytes), closed by `}`
-- (src/journal/chain.rs).
CREATE FUNCTION floorcall.line_hash(prev bytea, line text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sha256(prev
    || substring(convert_to(line, 'UTF8') FROM 1 FOR octet_length(convert_to(line, 'UTF8')) - 75)
    || '\x7d'::bytea)
$$;

-- Refuses a line whose chain members are not the row's, or whose hash is
-- not its bytes' hash.
CREATE FUNCTION floorcall.check_line(prev bytea, hash bytea, line text) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF left(line, 1) <> '{' OR position(E'\n' IN line) > 0
     OR right(line, 149) <> ',"prev":"' || encode(prev, 'hex') || '","hash":"' || encode(hash, 'hex') || '"}' THEN
    RAISE EXCEPTION USING ERRCODE = 'FC001',
      MESSAGE = 'the line does not end in the chain members given with it';
  END IF;
  IF floorcall.line_hash(prev, line) <> hash THEN
    RAISE EXCEPTION USING ERRCODE = 'FC001',
      MESSAGE = 'the line''s hash is not the hash of its bytes';
  END IF;
END $$;

-- A record `what` (its seq `seq`, its prev `prev`) follows the record
-- before it, whose hash is `before` (NULL: not there).
CREATE FUNCTION floorcall.check_follows(what text, seq bigint, before bytea, prev bytea) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF before IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'FC002',
      MESSAGE = format('%s comes before record %s', what, seq - 1);
  END IF;
  IF before <> prev THEN
    RAISE EXCEPTION USING ERRCODE = 'FC003',
      MESSAGE = format('%s does not follow record %s: the chain is broken', what, seq - 1);
  END IF;
END $$;

CREATE FUNCTION floorcall.check_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM floorcall.check_line(NEW.prev, NEW.hash, NEW.line);
  IF NEW.seq > 0 THEN
    PERFORM floorcall.check_follows(
      format('record %s of table %s', NEW.seq, NEW.tab), NEW.seq,
      (SELECT r.hash FROM floorcall.records r
        WHERE r.tournament = NEW.tournament AND r.tab = NEW.tab AND r.seq = NEW.seq - 1),
      NEW.prev);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER check_chain BEFORE INSERT ON floorcall.records
  FOR EACH ROW EXECUTE FUNCTION floorcall.check_record();

CREATE FUNCTION floorcall.check_floor_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM floorcall.check_line(NEW.prev, NEW.hash, NEW.line);
  IF NEW.seq > 0 THEN
    PERFORM floorcall.check_follows(
      format('floor record %s', NEW.seq), NEW.seq,
      (SELECT r.hash FROM floorcall.floor_records r
        WHERE r.tournament = NEW.tournament AND r.seq = NEW.seq - 1),
      NEW.prev);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER check_chain BEFORE INSERT ON floorcall.floor_records
  FOR EACH ROW EXECUTE FUNCTION floorcall.check_floor_record();

-- On commit, listeners learn which table has a new record: only (table,
-- seq); they read the rows themselves. The floor's records come as table
-- null.
CREATE FUNCTION floorcall.notify_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('floorcall', json_build_object('table', NEW.tab, 'seq', NEW.seq)::text);
  RETURN NULL;
END $$;

CREATE FUNCTION floorcall.notify_floor_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('floorcall', json_build_object('table', NULL, 'seq', NEW.seq)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER notify AFTER INSERT ON floorcall.records
  FOR EACH ROW EXECUTE FUNCTION floorcall.notify_record();
CREATE TRIGGER notify AFTER INSERT ON floorcall.floor_records
  FOR EACH ROW EXECUTE FUNCTION floorcall.notify_floor_record();

-- Sends one record: 'new' (stored), 'same' (already held: nothing done) or
-- 'fork' (held with another hash: the fork recorded, the row refused).
-- Runs as the caller, so the policies below apply.
CREATE FUNCTION floorcall.append(p_tournament text, p_tab text, p_seq bigint,
                                 p_prev bytea, p_hash bytea, p_line text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  held bytea;
BEGIN
  IF p_tab IS NULL THEN
    SELECT r.hash INTO held FROM floorcall.floor_records r
      WHERE r.tournament = p_tournament AND r.seq = p_seq;
  ELSE
    SELECT r.hash INTO held FROM floorcall.records r
      WHERE r.tournament = p_tournament AND r.tab = p_tab AND r.seq = p_seq;
  END IF;
  IF held IS NULL THEN
    IF p_tab IS NULL THEN
      INSERT INTO floorcall.floor_records (tournament, seq, prev, hash, line)
        VALUES (p_tournament, p_seq, p_prev, p_hash, p_line);
    ELSE
      INSERT INTO floorcall.records (tournament, tab, seq, prev, hash, line)
        VALUES (p_tournament, p_tab, p_seq, p_prev, p_hash, p_line);
    END IF;
    RETURN 'new';
  ELSIF held = p_hash THEN
    RETURN 'same';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM floorcall.forks f
                 WHERE f.tournament = p_tournament AND f.tab IS NOT DISTINCT FROM p_tab
                   AND f.seq = p_seq AND f.hash_sent = p_hash) THEN
    INSERT INTO floorcall.forks (tournament, tab, seq, hash_held, hash_sent, line_sent)
      VALUES (p_tournament, p_tab, p_seq, held, p_hash, p_line);
  END IF;
  RETURN 'fork';
END $$;

-- Makes (or updates) a login role and binds it to a table (p_tab) or to a
-- tournament's floor (p_tab NULL). The password comes already hashed
-- (SCRAM), so no cleartext reaches the server or its log. Only `floor
-- init`'s caller runs it.
CREATE FUNCTION floorcall.bind_role(p_role text, p_tournament text, p_tab text,
                                    p_verifier text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_role) THEN
    EXECUTE format('CREATE ROLE %I LOGIN', p_role);
  END IF;
  IF p_tab IS NULL THEN
    EXECUTE format('GRANT floorcall_floors TO %I', p_role);
  ELSE
    EXECUTE format('GRANT floorcall_tables TO %I', p_role);
  END IF;
  IF p_verifier IS NOT NULL THEN
    EXECUTE format('ALTER ROLE %I PASSWORD %L', p_role, p_verifier);
  END IF;
  INSERT INTO floorcall.roles (role, tournament, tab) VALUES (p_role, p_tournament, p_tab)
    ON CONFLICT (role) DO UPDATE SET tournament = EXCLUDED.tournament, tab = EXCLUDED.tab;
END $$;
REVOKE ALL ON FUNCTION floorcall.bind_role(text, text, text, text) FROM PUBLIC;

-- Who may write what. A table's role inserts and reads only its own
-- table's rows and forks; the floor's role reads every table of its
-- tournament and writes only floor records. Nobody is granted UPDATE or
-- DELETE.
CREATE FUNCTION floorcall.is_table(p_tournament text, p_tab text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM floorcall.roles r
                 WHERE r.role = current_user AND r.tournament = p_tournament AND r.tab = p_tab)
$$;
CREATE FUNCTION floorcall.is_floor(p_tournament text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM floorcall.roles r
                 WHERE r.role = current_user AND r.tournament = p_tournament AND r.tab IS NULL)
$$;
CREATE FUNCTION floorcall.in_tournament(p_tournament text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM floorcall.roles r
                 WHERE r.role = current_user AND r.tournament = p_tournament)
$$;

ALTER TABLE floorcall.records ENABLE ROW LEVEL SECURITY;
ALTER TABLE floorcall.floor_records ENABLE ROW LEVEL SECURITY;
ALTER TABLE floorcall.forks ENABLE ROW LEVEL SECURITY;

GRANT SELECT, INSERT ON floorcall.records TO floorcall_tables;
GRANT SELECT ON floorcall.records TO floorcall_floors;
CREATE POLICY table_inserts_its_own ON floorcall.records FOR INSERT TO floorcall_tables
  WITH CHECK (floorcall.is_table(tournament, tab));
CREATE POLICY table_reads_its_own ON floorcall.records FOR SELECT TO floorcall_tables
  USING (floorcall.is_table(tournament, tab));
CREATE POLICY floor_reads_all ON floorcall.records FOR SELECT TO floorcall_floors
  USING (floorcall.is_floor(tournament));

GRANT SELECT ON floorcall.floor_records TO floorcall_tables;
GRANT SELECT, INSERT ON floorcall.floor_records TO floorcall_floors;
CREATE POLICY floor_inserts ON floorcall.floor_records FOR INSERT TO floorcall_floors
  WITH CHECK (floorcall.is_floor(tournament));
CREATE POLICY tournament_reads ON floorcall.floor_records FOR SELECT
  TO floorcall_tables, floorcall_floors
  USING (floorcall.in_tournament(tournament));

GRANT SELECT, INSERT ON floorcall.forks TO floorcall_tables, floorcall_floors;
CREATE POLICY table_forks ON floorcall.forks FOR ALL TO floorcall_tables
  USING (floorcall.is_table(tournament, tab))
  WITH CHECK (floorcall.is_table(tournament, tab));
CREATE POLICY floor_reads_forks ON floorcall.forks FOR SELECT TO floorcall_floors
  USING (floorcall.is_floor(tournament));
CREATE POLICY floor_forks ON floorcall.forks FOR INSERT TO floorcall_floors
  WITH CHECK (floorcall.is_floor(tournament) AND tab IS NULL);

GRANT EXECUTE ON FUNCTION floorcall.append(text, text, bigint, bytea, bytea, text)
  TO floorcall_tables, floorcall_floors;
