CREATE TABLE "fee_carry_forwards" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"from_year_id" uuid NOT NULL,
	"to_year_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"transfer_id" uuid NOT NULL,
	"due_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_carry_forwards_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_carry_forwards" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_exam_demands" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"head_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"classes" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_exam_demands_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_exam_demands" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "concession_rules" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "bounced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_settings" ADD COLUMN "bounce_fine_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_carry_forwards" ADD CONSTRAINT "fee_carry_forwards_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exam_demands" ADD CONSTRAINT "fee_exam_demands_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_carry_forwards_year_idx" ON "fee_carry_forwards" USING btree ("institute_id","from_year_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_carry_forwards_transfer_idx" ON "fee_carry_forwards" USING btree ("institute_id","transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_exam_demands_name_idx" ON "fee_exam_demands" USING btree ("institute_id","academic_year_id","name");--> statement-breakpoint
CREATE POLICY "fee_carry_forwards_tenant" ON "fee_carry_forwards" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_carry_forwards"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_carry_forwards"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_exam_demands_tenant" ON "fee_exam_demands" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_exam_demands"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_exam_demands"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
-- Carry-forwards are a record (never changed); exam fee demands and concession rules are never deleted (deactivated instead).
REVOKE UPDATE, DELETE ON fee_carry_forwards FROM app_user;
--> statement-breakpoint
REVOKE DELETE ON fee_exam_demands, concession_rules FROM app_user;
