-- Who approved or rejected a notification's request (every copy of the event), and which: the bell
-- shows "Approved by … on …" on acted items.
ALTER TABLE "notifications" ADD COLUMN "acted_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "acted_action" text;