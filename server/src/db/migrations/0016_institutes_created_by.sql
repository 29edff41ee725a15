-- Who opened an institute from the website builder: the per-person daily cap counts these rows
-- (INSTITUTES_PER_USER_PER_DAY), by person and time.
ALTER TABLE "institutes" ADD COLUMN "created_by" uuid;--> statement-breakpoint
CREATE INDEX "institutes_created_by_idx" ON "institutes" USING btree ("created_by","created_at");