-- A day once taken stays taken (its marks are replaced, each change audited), and an edit request
-- is decided, never removed: the app's role may not delete these rows.
REVOKE DELETE ON attendance_sheets, attendance_edit_requests FROM app_user;
