CREATE TABLE "attendance_edit_requests" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"date" date NOT NULL,
	"period" smallint,
	"entries" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"reviewed_by" uuid,
	"review_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "attendance_edit_requests_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendance_edit_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "attendance_marks" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"date" date NOT NULL,
	"period" smallint,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"marked_by" uuid NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_marks_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "attendance_marks_key" UNIQUE NULLS NOT DISTINCT("institute_id","section_id","date","period","student_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_marks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "attendance_settings" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"edit_window_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_settings_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "attendance_settings_key" UNIQUE("institute_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "attendance_sheets" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"date" date NOT NULL,
	"period" smallint,
	"taken_by" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_sheets_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "attendance_sheets_day_key" UNIQUE NULLS NOT DISTINCT("institute_id","section_id","date","period")
);
--> statement-breakpoint
ALTER TABLE "attendance_sheets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attendance_edit_requests" ADD CONSTRAINT "attendance_edit_requests_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_settings" ADD CONSTRAINT "attendance_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sheets" ADD CONSTRAINT "attendance_sheets_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_edit_requests_status_idx" ON "attendance_edit_requests" USING btree ("institute_id","status","created_at");--> statement-breakpoint
CREATE INDEX "attendance_marks_student_idx" ON "attendance_marks" USING btree ("institute_id","student_id","date");--> statement-breakpoint
CREATE INDEX "attendance_marks_date_idx" ON "attendance_marks" USING btree ("institute_id","date","status");--> statement-breakpoint
CREATE INDEX "attendance_sheets_date_idx" ON "attendance_sheets" USING btree ("institute_id","date");--> statement-breakpoint
CREATE POLICY "attendance_edit_requests_tenant" ON "attendance_edit_requests" AS PERMISSIVE FOR ALL TO "app_user" USING ("attendance_edit_requests"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("attendance_edit_requests"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "attendance_marks_tenant" ON "attendance_marks" AS PERMISSIVE FOR ALL TO "app_user" USING ("attendance_marks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("attendance_marks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "attendance_settings_tenant" ON "attendance_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("attendance_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("attendance_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "attendance_sheets_tenant" ON "attendance_sheets" AS PERMISSIVE FOR ALL TO "app_user" USING ("attendance_sheets"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("attendance_sheets"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);