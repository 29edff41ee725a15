CREATE TABLE "exam_marks" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"status" text NOT NULL,
	"marks" numeric(6, 1),
	"grade" text,
	"entered_by" uuid NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_marks_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "exam_marks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_papers" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"max_marks" integer NOT NULL,
	"pass_marks" integer NOT NULL,
	"date" date,
	CONSTRAINT "exam_papers_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "exam_papers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exams" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"class_ids" jsonb NOT NULL,
	"scale_id" uuid NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "exams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "grading_scales" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"bands" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_scales_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "grading_scales" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "report_card_files" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"pages" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_card_files_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_card_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_scales" ADD CONSTRAINT "grading_scales_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_files" ADD CONSTRAINT "report_card_files_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_marks_idx" ON "exam_marks" USING btree ("institute_id","exam_id","subject_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_marks_section_idx" ON "exam_marks" USING btree ("institute_id","exam_id","section_id","subject_id");--> statement-breakpoint
CREATE INDEX "exam_marks_student_idx" ON "exam_marks" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_papers_idx" ON "exam_papers" USING btree ("institute_id","exam_id","class_id","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_name_idx" ON "exams" USING btree ("institute_id","term_id","name");--> statement-breakpoint
CREATE INDEX "exams_year_idx" ON "exams" USING btree ("institute_id","academic_year_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_scales_name_idx" ON "grading_scales" USING btree ("institute_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "report_card_files_job_idx" ON "report_card_files" USING btree ("institute_id","job_id");--> statement-breakpoint
CREATE POLICY "exam_marks_tenant" ON "exam_marks" AS PERMISSIVE FOR ALL TO "app_user" USING ("exam_marks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("exam_marks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "exam_papers_tenant" ON "exam_papers" AS PERMISSIVE FOR ALL TO "app_user" USING ("exam_papers"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("exam_papers"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "exams_tenant" ON "exams" AS PERMISSIVE FOR ALL TO "app_user" USING ("exams"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("exams"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "grading_scales_tenant" ON "grading_scales" AS PERMISSIVE FOR ALL TO "app_user" USING ("grading_scales"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("grading_scales"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "report_card_files_tenant" ON "report_card_files" AS PERMISSIVE FOR ALL TO "app_user" USING ("report_card_files"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("report_card_files"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);