-- Lists' order indexes as plain ascending columns: drizzle's `.desc()` wrote DESC NULLS LAST,
-- which ORDER BY … DESC (nulls first) cannot read a page off (docs/modules.md, "Lists").
DROP INDEX "admission_enquiries_newest_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_state_idx";--> statement-breakpoint
DROP INDEX "complaints_newest_idx";--> statement-breakpoint
DROP INDEX "postal_records_newest_idx";--> statement-breakpoint
DROP INDEX "suggestions_newest_idx";--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (student_name || E'\n' || parent_name || E'\n' || phone) STORED;--> statement-breakpoint
CREATE INDEX "admission_enquiries_search_idx" ON "admission_enquiries" USING gin ("institute_id","search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "admission_enquiries_newest_idx" ON "admission_enquiries" USING btree ("institute_id","created_at","id");--> statement-breakpoint
CREATE INDEX "admission_enquiries_state_idx" ON "admission_enquiries" USING btree ("institute_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_newest_idx" ON "complaints" USING btree ("institute_id","created_at","id");--> statement-breakpoint
CREATE INDEX "postal_records_newest_idx" ON "postal_records" USING btree ("institute_id","created_at","id");--> statement-breakpoint
CREATE INDEX "suggestions_newest_idx" ON "suggestions" USING btree ("institute_id","created_on","id");--> statement-breakpoint
-- The desk's search by any fragment of the pupil's or parent's name or the phone (issue 15,
-- "Speed": the list at 50,000 enquiries), found through the index as students_matching finds
-- students (migration 0015 says why: row-level security keeps ILIKE off the index).
CREATE FUNCTION admission_enquiries_matching(pattern text) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100
  SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT id FROM admission_enquiries WHERE institute_id = nullif(current_setting(''app.institute_id'', true), '''')::uuid AND search_text ILIKE $1'
      USING pattern;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION admission_enquiries_matching(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION admission_enquiries_matching(text) TO app_user;
