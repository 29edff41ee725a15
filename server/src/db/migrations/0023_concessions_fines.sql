CREATE TABLE "concession_register" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"due_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"basis" text NOT NULL,
	"rule_id" uuid,
	"request_id" uuid,
	"applied_by" uuid,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concession_register_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "concession_register" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "concession_requests" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"head_id" uuid,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"reviewed_by" uuid,
	"review_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "concession_requests_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "concession_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "concession_rule_students" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "concession_rule_students_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "concession_rule_students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "concession_rules" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"sibling_rank" integer,
	"head_id" uuid,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concession_rules_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "concession_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fine_charges" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"fine_due_id" uuid NOT NULL,
	"source_due_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "fine_charges_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fine_charges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fine_rules" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"head_id" uuid NOT NULL,
	"grace_days" integer NOT NULL,
	"cap_paise" bigint DEFAULT 0 NOT NULL,
	"slabs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fine_rules_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fine_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "rte_settings" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"per_child_cost_paise" bigint NOT NULL,
	CONSTRAINT "rte_settings_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "rte_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "concession_register" ADD CONSTRAINT "concession_register_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_requests" ADD CONSTRAINT "concession_requests_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_rule_students" ADD CONSTRAINT "concession_rule_students_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concession_rules" ADD CONSTRAINT "concession_rules_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_charges" ADD CONSTRAINT "fine_charges_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_rules" ADD CONSTRAINT "fine_rules_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rte_settings" ADD CONSTRAINT "rte_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "concession_register_rule_idx" ON "concession_register" USING btree ("institute_id","rule_id","due_id");--> statement-breakpoint
CREATE UNIQUE INDEX "concession_register_request_idx" ON "concession_register" USING btree ("institute_id","request_id","due_id");--> statement-breakpoint
CREATE INDEX "concession_register_student_idx" ON "concession_register" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE INDEX "concession_requests_state_idx" ON "concession_requests" USING btree ("institute_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "concession_rule_students_idx" ON "concession_rule_students" USING btree ("institute_id","rule_id","student_id");--> statement-breakpoint
CREATE INDEX "fine_charges_source_idx" ON "fine_charges" USING btree ("institute_id","source_due_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fine_rules_year_idx" ON "fine_rules" USING btree ("institute_id","academic_year_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rte_settings_idx" ON "rte_settings" USING btree ("institute_id");--> statement-breakpoint
CREATE POLICY "concession_register_tenant" ON "concession_register" AS PERMISSIVE FOR ALL TO "app_user" USING ("concession_register"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("concession_register"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "concession_requests_tenant" ON "concession_requests" AS PERMISSIVE FOR ALL TO "app_user" USING ("concession_requests"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("concession_requests"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "concession_rule_students_tenant" ON "concession_rule_students" AS PERMISSIVE FOR ALL TO "app_user" USING ("concession_rule_students"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("concession_rule_students"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "concession_rules_tenant" ON "concession_rules" AS PERMISSIVE FOR ALL TO "app_user" USING ("concession_rules"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("concession_rules"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fine_charges_tenant" ON "fine_charges" AS PERMISSIVE FOR ALL TO "app_user" USING ("fine_charges"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fine_charges"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fine_rules_tenant" ON "fine_rules" AS PERMISSIVE FOR ALL TO "app_user" USING ("fine_rules"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fine_rules"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "rte_settings_tenant" ON "rte_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("rte_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("rte_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
-- The concession register and the fine charges are a record: added to, never changed or deleted.
REVOKE UPDATE, DELETE ON concession_register, fine_charges FROM app_user;
