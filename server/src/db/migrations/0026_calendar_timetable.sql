CREATE TABLE "academic_terms" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "academic_terms_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "academic_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar_settings" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"weekly_offs" jsonb NOT NULL,
	"saturday_offs" jsonb NOT NULL,
	"public_events" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_settings_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "calendar_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bell_periods" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"period" smallint NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	CONSTRAINT "bell_periods_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "bell_periods" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "subjects" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subjects_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "subjects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "timetable_entries" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"period" integer NOT NULL,
	"subject_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	CONSTRAINT "timetable_entries_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "timetable_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "academic_terms" ADD CONSTRAINT "academic_terms_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bell_periods" ADD CONSTRAINT "bell_periods_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_terms_name_idx" ON "academic_terms" USING btree ("institute_id","academic_year_id","name");--> statement-breakpoint
CREATE INDEX "calendar_events_span_idx" ON "calendar_events" USING btree ("institute_id","starts_on","ends_on") WHERE not "calendar_events"."cancelled";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_settings_idx" ON "calendar_settings" USING btree ("institute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bell_periods_idx" ON "bell_periods" USING btree ("institute_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_code_idx" ON "subjects" USING btree ("institute_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_section_slot_idx" ON "timetable_entries" USING btree ("institute_id","academic_year_id","section_id","day","period");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_teacher_slot_idx" ON "timetable_entries" USING btree ("institute_id","academic_year_id","teacher_id","day","period");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_room_slot_idx" ON "timetable_entries" USING btree ("institute_id","academic_year_id","room","day","period") WHERE "timetable_entries"."room" <> '';--> statement-breakpoint
CREATE INDEX "timetable_subject_idx" ON "timetable_entries" USING btree ("institute_id","subject_id");--> statement-breakpoint
CREATE POLICY "academic_terms_tenant" ON "academic_terms" AS PERMISSIVE FOR ALL TO "app_user" USING ("academic_terms"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("academic_terms"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "calendar_events_tenant" ON "calendar_events" AS PERMISSIVE FOR ALL TO "app_user" USING ("calendar_events"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("calendar_events"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "calendar_settings_tenant" ON "calendar_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("calendar_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("calendar_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "bell_periods_tenant" ON "bell_periods" AS PERMISSIVE FOR ALL TO "app_user" USING ("bell_periods"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("bell_periods"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "subjects_tenant" ON "subjects" AS PERMISSIVE FOR ALL TO "app_user" USING ("subjects"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("subjects"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "timetable_entries_tenant" ON "timetable_entries" AS PERMISSIVE FOR ALL TO "app_user" USING ("timetable_entries"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("timetable_entries"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);