DROP INDEX "notifications_recipient_idx";--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("institute_id","recipient_id","created_at");