-- How many of the transaction's institute's pupils a search pattern matches, counted through the
-- trigram index and only up to `cap` (issue 33): the students list tells a broad search (more than
-- 2,000 matches, read in the list's order) from a narrow one (its matches sorted). SECURITY DEFINER
-- and scoped to app.institute_id as students_matching is (migration 0015 says why).
CREATE FUNCTION students_matching_count(pattern text, cap integer) RETURNS integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
  DECLARE
    n integer;
  BEGIN
    EXECUTE
      'SELECT count(*)::int FROM (SELECT 1 FROM students WHERE institute_id = nullif(current_setting(''app.institute_id'', true), '''')::uuid AND search_text ILIKE $1 LIMIT $2) AS matched'
      INTO n USING pattern, cap;
    RETURN n;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION students_matching_count(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION students_matching_count(text, integer) TO app_user;
