-- Homework is cancelled, never deleted, and pupils' work keeps its history: the app's role may
-- not delete assignments, submissions, their earlier versions or their files.
REVOKE DELETE ON homework_assignments, homework_submissions, homework_submission_versions, homework_files FROM app_user;
--> statement-breakpoint
REVOKE UPDATE ON homework_submission_versions FROM app_user;
