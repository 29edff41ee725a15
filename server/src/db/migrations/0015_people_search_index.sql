-- Student search by any fragment of a name, admission number or APAAR ID (issue 12, "Speed").
-- pg_trgm indexes ILIKE '%…%'; btree_gin lets the GIN index lead with institute_id. Both are
-- trusted extensions (a database owner may create them); PGlite loads them in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "students_name_idx";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_text" text GENERATED ALWAYS AS (admission_no || E'\n' || first_name || ' ' || last_name || E'\n' || first_name || ' ' || middle_name || ' ' || last_name || E'\n' || apaar_id) STORED;--> statement-breakpoint
CREATE INDEX "students_search_idx" ON "students" USING gin ("institute_id","search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("institute_id",lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
-- Row-level security evaluates its policy before any condition that is not leakproof, and ILIKE
-- is not: in the app's own transactions (role app_user) PostgreSQL never uses the trigram index
-- for it and scans every student of the institute instead. This function finds the candidates
-- through the index as the tables' owner, for the institute of the transaction only
-- (app.institute_id, as the policy reads it): no institute, no rows. The caller keeps its own
-- ILIKE conditions and row-level security still applies to the rows it reads, so the function
-- only narrows the scan (students.service.ts, listWhere). The query is planned for each pattern
-- (EXECUTE): a generic plan cannot see the pattern's trigrams, and scans the table.
CREATE FUNCTION students_matching(pattern text) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT id FROM students WHERE institute_id = nullif(current_setting(''app.institute_id'', true), '''')::uuid AND search_text ILIKE $1'
      USING pattern;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION students_matching(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION students_matching(text) TO app_user;