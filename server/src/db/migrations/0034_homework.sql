CREATE TABLE "homework_assignments" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"teacher_id" uuid,
	"kind" text DEFAULT 'homework' NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"assigned_on" date NOT NULL,
	"due_on" date NOT NULL,
	"due_time" text,
	"max_marks" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_assignments_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "homework_assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "homework_files" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"assignment_id" uuid,
	"submission_id" uuid,
	"version" smallint,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_files_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "homework_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "homework_submission_versions" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"version" smallint NOT NULL,
	"text" text NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"late" boolean NOT NULL,
	CONSTRAINT "homework_submission_versions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "homework_submission_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" uuid,
	"late" boolean DEFAULT false NOT NULL,
	"marks" integer,
	"feedback" text DEFAULT '' NOT NULL,
	"marked_at" timestamp with time zone,
	"marked_by" uuid,
	"returned" boolean DEFAULT false NOT NULL,
	CONSTRAINT "homework_submissions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "homework_submissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "homework_assignments" ADD CONSTRAINT "homework_assignments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submission_versions" ADD CONSTRAINT "homework_submission_versions_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_section_due_idx" ON "homework_assignments" USING btree ("institute_id","section_id","due_on");--> statement-breakpoint
CREATE INDEX "homework_teacher_due_idx" ON "homework_assignments" USING btree ("institute_id","teacher_id","due_on");--> statement-breakpoint
CREATE INDEX "homework_due_idx" ON "homework_assignments" USING btree ("institute_id","due_on");--> statement-breakpoint
CREATE INDEX "homework_files_assignment_idx" ON "homework_files" USING btree ("institute_id","assignment_id");--> statement-breakpoint
CREATE INDEX "homework_files_submission_idx" ON "homework_files" USING btree ("institute_id","submission_id");--> statement-breakpoint
CREATE INDEX "homework_files_uploader_idx" ON "homework_files" USING btree ("institute_id","uploaded_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submission_versions_idx" ON "homework_submission_versions" USING btree ("institute_id","submission_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submissions_pupil_idx" ON "homework_submissions" USING btree ("institute_id","assignment_id","student_id");--> statement-breakpoint
CREATE INDEX "homework_submissions_student_idx" ON "homework_submissions" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE POLICY "homework_assignments_tenant" ON "homework_assignments" AS PERMISSIVE FOR ALL TO "app_user" USING ("homework_assignments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("homework_assignments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "homework_files_tenant" ON "homework_files" AS PERMISSIVE FOR ALL TO "app_user" USING ("homework_files"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("homework_files"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "homework_submission_versions_tenant" ON "homework_submission_versions" AS PERMISSIVE FOR ALL TO "app_user" USING ("homework_submission_versions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("homework_submission_versions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "homework_submissions_tenant" ON "homework_submissions" AS PERMISSIVE FOR ALL TO "app_user" USING ("homework_submissions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("homework_submissions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);