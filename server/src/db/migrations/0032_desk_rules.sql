-- Reception registers are kept (MODULES.md, cross-cutting rules): enquiries, follow-ups, postal
-- entries, complaints and suggestions are never deleted by the app; they change state instead.
REVOKE DELETE ON admission_enquiries, enquiry_follow_ups, postal_records, complaints, suggestions FROM app_user;
--> statement-breakpoint
-- An anonymous suggestion keeps nothing that names its sender.
ALTER TABLE suggestions ADD CONSTRAINT suggestions_anonymous_check
  CHECK (NOT anonymous OR (sender_user_id IS NULL AND sender_name IS NULL));
--> statement-breakpoint
-- POCSO and POSH complaints: besides the module's own filter (complaints.policy.ts), PostgreSQL
-- shows such a row to the scoped role only when the transaction's caller (app.user_id, set by the
-- policy) filed it or sits on its committee. Without a caller, no committee row is visible at all.
CREATE POLICY complaints_committee ON complaints AS RESTRICTIVE FOR ALL TO app_user
  USING (
    committee IS NULL
    OR filed_by = nullif(current_setting('app.user_id', true), '')::uuid
    OR committee IN (
      SELECT cm.committee FROM committee_members cm
        JOIN staff s ON s.institute_id = cm.institute_id AND s.id = cm.staff_id
       WHERE cm.institute_id = complaints.institute_id
         AND s.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    )
  );
