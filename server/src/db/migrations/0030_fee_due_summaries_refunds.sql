CREATE TABLE "fee_due_summaries" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"instalment" text NOT NULL,
	"from_on" date NOT NULL,
	"until_on" date NOT NULL,
	"overdue_paise" bigint NOT NULL,
	"oldest_due_on" date NOT NULL,
	CONSTRAINT "fee_due_summaries_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_due_summaries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_online_refunds" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"gateway_refund_id" text,
	"requested_by" uuid NOT NULL,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "fee_online_refunds_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_online_refunds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_due_summaries" ADD CONSTRAINT "fee_due_summaries_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_online_refunds" ADD CONSTRAINT "fee_online_refunds_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_due_summaries_today_idx" ON "fee_due_summaries" USING btree ("institute_id","instalment","until_on","from_on","overdue_paise","oldest_due_on","student_id","id") WHERE "fee_due_summaries"."overdue_paise" > 0;--> statement-breakpoint
CREATE INDEX "fee_due_summaries_student_idx" ON "fee_due_summaries" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_online_refunds_payment_idx" ON "fee_online_refunds" USING btree ("institute_id","gateway_payment_id");--> statement-breakpoint
CREATE POLICY "fee_due_summaries_tenant" ON "fee_due_summaries" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_due_summaries"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_due_summaries"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_online_refunds_tenant" ON "fee_online_refunds" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_online_refunds"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_online_refunds"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
-- The summaries of the dues that exist (dues-summary.service.ts, refreshDueSummaries, for everyone).
INSERT INTO "fee_due_summaries" ("institute_id", "student_id", "instalment", "from_on", "until_on", "overdue_paise", "oldest_due_on")
WITH open AS (
  SELECT institute_id, student_id, instalment, due_on, balance_paise FROM fee_dues
  WHERE balance_paise > 0 AND NOT cancelled),
days AS (
  SELECT institute_id, student_id, '' AS scope, due_on, sum(balance_paise) AS paise FROM open
  GROUP BY institute_id, student_id, due_on
  UNION ALL
  SELECT institute_id, student_id, instalment, due_on, sum(balance_paise) FROM open
  GROUP BY institute_id, student_id, instalment, due_on)
SELECT institute_id, student_id, scope, due_on, coalesce(lead(due_on) OVER w, 'infinity'::date),
  sum(paise) OVER w, min(due_on) OVER w
FROM days
WINDOW w AS (PARTITION BY institute_id, student_id, scope ORDER BY due_on);
--> statement-breakpoint
-- A refund is a record an auditor may ask for: never deleted.
REVOKE DELETE ON "fee_online_refunds" FROM app_user;
