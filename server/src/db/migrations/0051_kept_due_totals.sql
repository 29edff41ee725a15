-- Issue 33: the defaulters' totals and the dashboard's outstanding kept (fee_due_totals, appended to by
-- refreshDueSummaries, folded up by compactDueTotals), filled here from the summary rows as they
-- stand; the summary rows' pages by amount and by age read off an index each.
CREATE TABLE "fee_due_totals" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"instalment" text NOT NULL,
	"from_on" date NOT NULL,
	"until_on" date NOT NULL,
	"oldest_due_on" date NOT NULL,
	"students" integer NOT NULL,
	"overdue_paise" bigint NOT NULL,
	CONSTRAINT "fee_due_totals_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_due_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "fee_due_summaries_today_idx";--> statement-breakpoint
ALTER TABLE "fee_due_totals" ADD CONSTRAINT "fee_due_totals_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_due_totals_today_idx" ON "fee_due_totals" USING btree ("institute_id","instalment","until_on","from_on","oldest_due_on","students","overdue_paise");--> statement-breakpoint
CREATE INDEX "fee_due_summaries_amount_idx" ON "fee_due_summaries" USING btree ("institute_id","instalment","until_on","from_on","overdue_paise" DESC NULLS FIRST,"oldest_due_on","student_id") WHERE "fee_due_summaries"."overdue_paise" > 0;--> statement-breakpoint
CREATE INDEX "fee_due_summaries_age_idx" ON "fee_due_summaries" USING btree ("institute_id","instalment","until_on","from_on","oldest_due_on","overdue_paise" DESC NULLS FIRST,"student_id") WHERE "fee_due_summaries"."overdue_paise" > 0;--> statement-breakpoint
CREATE POLICY "fee_due_totals_tenant" ON "fee_due_totals" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_due_totals"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_due_totals"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
INSERT INTO "fee_due_totals" ("institute_id", "instalment", "from_on", "until_on", "oldest_due_on", "students", "overdue_paise")
SELECT "institute_id", "instalment", "from_on", "until_on", "oldest_due_on", count(*), sum("overdue_paise")
FROM "fee_due_summaries" WHERE "overdue_paise" > 0
GROUP BY "institute_id", "instalment", "from_on", "until_on", "oldest_due_on";