-- Nothing about a person is deleted (leaving is a status) and the audit log is only ever added
-- to: the app's role may not delete these rows, nor rewrite history.
REVOKE DELETE ON students, guardians, staff, families, audit_log, change_requests FROM app_user;
--> statement-breakpoint
REVOKE UPDATE ON audit_log FROM app_user;
