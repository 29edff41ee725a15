CREATE TABLE "enrolments" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"roll_no" text DEFAULT '' NOT NULL,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolments_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "enrolments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_student_year_idx" ON "enrolments" USING btree ("institute_id","student_id","academic_year_id");--> statement-breakpoint
CREATE INDEX "enrolments_year_section_idx" ON "enrolments" USING btree ("institute_id","academic_year_id","section_id");--> statement-breakpoint
CREATE POLICY "enrolments_tenant" ON "enrolments" AS PERMISSIVE FOR ALL TO "app_user" USING ("enrolments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("enrolments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
-- Every student already placed in a section is enrolled in that section's year (issue 12 B.2).
INSERT INTO "enrolments" ("institute_id", "student_id", "academic_year_id", "section_id", "roll_no")
SELECT s."institute_id", s."id", sec."academic_year_id", s."section_id", s."roll_no"
FROM "students" s
JOIN "sections" sec ON sec."institute_id" = s."institute_id" AND sec."id" = s."section_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A year's enrolments are its class lists: kept for good, like the people they list.
REVOKE DELETE ON "enrolments" FROM app_user;
