CREATE TABLE "timetable_substitutions" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"entry_id" uuid NOT NULL,
	"substitute_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_substitutions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ADD CONSTRAINT "timetable_substitutions_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_substitutions_idx" ON "timetable_substitutions" USING btree ("institute_id","entry_id","date");--> statement-breakpoint
CREATE INDEX "timetable_substitutions_date_idx" ON "timetable_substitutions" USING btree ("institute_id","date","substitute_id");--> statement-breakpoint
CREATE POLICY "timetable_substitutions_tenant" ON "timetable_substitutions" AS PERMISSIVE FOR ALL TO "app_user" USING ("timetable_substitutions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("timetable_substitutions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);