-- Financial rows are never edited, only reversed (MODULES.md, cross-cutting rules): the app's
-- role may add receipts, reversals, allocations and print records but never change or delete
-- them. Dues are cancelled by a flag, never deleted.
REVOKE UPDATE, DELETE ON fee_payments, fee_allocations, fee_receipt_prints FROM app_user;
--> statement-breakpoint
REVOKE DELETE ON fee_dues FROM app_user;
