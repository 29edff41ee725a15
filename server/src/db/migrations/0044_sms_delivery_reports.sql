ALTER TABLE "messages" ADD COLUMN "provider_job" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "batch_job" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_queued_idx" ON "messages" USING btree ("institute_id","run_at") WHERE "messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("institute_id","sent_at") WHERE "messages"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "messages_provider_ref_idx" ON "messages" USING btree ("provider_ref") WHERE "messages"."provider_ref" is not null;