DROP INDEX "jobs_runnable_idx";--> statement-breakpoint
CREATE INDEX "jobs_runnable_idx" ON "jobs" USING btree ("status",("created_by" is null),"run_at");