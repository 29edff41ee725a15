-- Issue 12 A.1: the tables made before the module kit get the tenant key first in their primary
-- key, (institute_id, id), like every tenant table (ADR 007). PostgreSQL named their old keys.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_token_hash_unique";--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_pkey";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "group_join_requests" DROP CONSTRAINT "group_join_requests_pkey";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_institute_id_token_hash_pk" PRIMARY KEY("institute_id","token_hash");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_institute_id_id_pk" PRIMARY KEY("institute_id","id");--> statement-breakpoint
CREATE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "group_join_requests_id_idx" ON "group_join_requests" USING btree ("id");