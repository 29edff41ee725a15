DROP INDEX "notifications_recipient_idx";--> statement-breakpoint
CREATE INDEX "memberships_institute_created_idx" ON "memberships" USING btree ("institute_id","created_at");--> statement-breakpoint
CREATE INDEX "memberships_institute_updated_idx" ON "memberships" USING btree ("institute_id","updated_at");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("institute_id","recipient_id","created_at","id");