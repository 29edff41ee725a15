CREATE TABLE "fee_allocations" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"due_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "fee_allocations_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_allocations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_dues" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"head_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"instalment" text NOT NULL,
	"due_on" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"concession_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_dues_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_dues" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_heads" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"counts_80c" boolean DEFAULT false NOT NULL,
	"refundable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_heads_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_heads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"receipt_no" text NOT NULL,
	"financial_year" text NOT NULL,
	"student_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"advance_paise" bigint DEFAULT 0 NOT NULL,
	"mode" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"collected_by" uuid,
	"collected_by_name" text NOT NULL,
	"reverses_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_payments_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_receipt_prints" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"printed_by" uuid,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_receipt_prints_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_receipt_prints" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_settings" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"receipt_prefix" text NOT NULL,
	CONSTRAINT "fee_settings_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_structure_lines" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"structure_id" uuid NOT NULL,
	"head_id" uuid NOT NULL,
	"amounts" jsonb NOT NULL,
	CONSTRAINT "fee_structure_lines_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_structure_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fee_structures" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_category" text DEFAULT '' NOT NULL,
	"plan" text NOT NULL,
	"instalments" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_structures_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_structures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_counters" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dues" ADD CONSTRAINT "fee_dues_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_heads" ADD CONSTRAINT "fee_heads_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_prints" ADD CONSTRAINT "fee_receipt_prints_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_settings" ADD CONSTRAINT "fee_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structure_lines" ADD CONSTRAINT "fee_structure_lines_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_allocations_payment_idx" ON "fee_allocations" USING btree ("institute_id","payment_id");--> statement-breakpoint
CREATE INDEX "fee_allocations_due_idx" ON "fee_allocations" USING btree ("institute_id","due_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_dues_unique_idx" ON "fee_dues" USING btree ("institute_id","student_id","structure_id","head_id","seq");--> statement-breakpoint
CREATE INDEX "fee_dues_student_idx" ON "fee_dues" USING btree ("institute_id","student_id","due_on");--> statement-breakpoint
CREATE INDEX "fee_dues_structure_idx" ON "fee_dues" USING btree ("institute_id","structure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_heads_code_idx" ON "fee_heads" USING btree ("institute_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_no_idx" ON "fee_payments" USING btree ("institute_id","receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_reverses_idx" ON "fee_payments" USING btree ("institute_id","reverses_id") WHERE "fee_payments"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "fee_payments_student_idx" ON "fee_payments" USING btree ("institute_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_payments_day_idx" ON "fee_payments" USING btree ("institute_id","paid_on");--> statement-breakpoint
CREATE INDEX "fee_receipt_prints_idx" ON "fee_receipt_prints" USING btree ("institute_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_settings_idx" ON "fee_settings" USING btree ("institute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_structure_lines_idx" ON "fee_structure_lines" USING btree ("institute_id","structure_id","head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_structures_class_idx" ON "fee_structures" USING btree ("institute_id","academic_year_id","class_id","student_category");--> statement-breakpoint
CREATE UNIQUE INDEX "document_counters_idx" ON "document_counters" USING btree ("institute_id","kind","period");--> statement-breakpoint
CREATE POLICY "fee_allocations_tenant" ON "fee_allocations" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_allocations"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_allocations"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_dues_tenant" ON "fee_dues" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_dues"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_dues"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_heads_tenant" ON "fee_heads" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_heads"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_heads"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_payments_tenant" ON "fee_payments" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_payments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_payments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_receipt_prints_tenant" ON "fee_receipt_prints" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_receipt_prints"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_receipt_prints"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_settings_tenant" ON "fee_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_structure_lines_tenant" ON "fee_structure_lines" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_structure_lines"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_structure_lines"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "fee_structures_tenant" ON "fee_structures" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_structures"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_structures"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "document_counters_tenant" ON "document_counters" AS PERMISSIVE FOR ALL TO "app_user" USING ("document_counters"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("document_counters"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);