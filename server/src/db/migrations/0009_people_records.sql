CREATE TABLE "audit_log" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "change_requests" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_by_name" text DEFAULT '' NOT NULL,
	"reviewed_by" uuid,
	"review_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "change_requests_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "change_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "academic_years" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "academic_years_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "academic_years" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "classes" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "classes_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "classes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "section_teachers" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	CONSTRAINT "section_teachers_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "section_teachers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sections" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"academic_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"class_teacher_id" uuid,
	"capacity" integer DEFAULT 40 NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "sections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "guardians" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"occupation" text DEFAULT '' NOT NULL,
	"annual_income" bigint,
	"education" text,
	"address" text DEFAULT '' NOT NULL,
	"family_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "guardians" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"authorised_pickup" boolean DEFAULT true NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "student_guardians_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "student_guardians" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "staff" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"employee_code" text NOT NULL,
	"kind" text DEFAULT 'teaching' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"designation" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"joining_date" date NOT NULL,
	"qualification" text DEFAULT '' NOT NULL,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"subjects" text DEFAULT '' NOT NULL,
	"police_verification_on" date,
	"psychometric_evaluation_on" date,
	"photo_url" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"relieved_on" date,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "staff" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "families" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "families_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "families" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "students" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"admission_no" text NOT NULL,
	"roll_no" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"blood_group" text,
	"social_category" text,
	"religion" text DEFAULT '' NOT NULL,
	"mother_tongue" text DEFAULT '' NOT NULL,
	"nationality" text DEFAULT 'Indian' NOT NULL,
	"apaar_id" text DEFAULT '' NOT NULL,
	"pen" text DEFAULT '' NOT NULL,
	"aadhaar_last4" text DEFAULT '' NOT NULL,
	"bpl" boolean DEFAULT false NOT NULL,
	"rte" boolean DEFAULT false NOT NULL,
	"cwsn" boolean DEFAULT false NOT NULL,
	"impairment" text,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"pincode" text DEFAULT '' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"previous_school" text DEFAULT '' NOT NULL,
	"previous_tc_no" text DEFAULT '' NOT NULL,
	"medium" text,
	"stream" text,
	"house" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'enrolled' NOT NULL,
	"leaving_reason" text DEFAULT '' NOT NULL,
	"section_id" uuid,
	"family_id" uuid,
	"user_id" uuid,
	"admitted_on" date,
	"left_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "job_sets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_teachers" ADD CONSTRAINT "section_teachers_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("institute_id","entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "change_requests_status_idx" ON "change_requests" USING btree ("institute_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_name_idx" ON "academic_years" USING btree ("institute_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_current_idx" ON "academic_years" USING btree ("institute_id") WHERE "academic_years"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "classes_name_idx" ON "classes" USING btree ("institute_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "section_teachers_idx" ON "section_teachers" USING btree ("institute_id","section_id","staff_id","subject");--> statement-breakpoint
CREATE INDEX "section_teachers_staff_idx" ON "section_teachers" USING btree ("institute_id","staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_name_idx" ON "sections" USING btree ("institute_id","academic_year_id","class_id","name");--> statement-breakpoint
CREATE INDEX "sections_teacher_idx" ON "sections" USING btree ("institute_id","class_teacher_id");--> statement-breakpoint
CREATE INDEX "guardians_phone_idx" ON "guardians" USING btree ("institute_id","phone");--> statement-breakpoint
CREATE INDEX "guardians_name_idx" ON "guardians" USING btree ("institute_id","name");--> statement-breakpoint
CREATE INDEX "guardians_user_idx" ON "guardians" USING btree ("institute_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_guardians_pair_idx" ON "student_guardians" USING btree ("institute_id","student_id","guardian_id");--> statement-breakpoint
CREATE INDEX "student_guardians_guardian_idx" ON "student_guardians" USING btree ("institute_id","guardian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_code_idx" ON "staff" USING btree ("institute_id","employee_code");--> statement-breakpoint
CREATE INDEX "staff_name_idx" ON "staff" USING btree ("institute_id","first_name","last_name");--> statement-breakpoint
CREATE INDEX "staff_user_idx" ON "staff" USING btree ("institute_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_admission_no_idx" ON "students" USING btree ("institute_id","admission_no");--> statement-breakpoint
CREATE INDEX "students_section_idx" ON "students" USING btree ("institute_id","section_id");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("institute_id","first_name","last_name");--> statement-breakpoint
CREATE INDEX "students_user_idx" ON "students" USING btree ("institute_id","user_id");--> statement-breakpoint
CREATE INDEX "students_family_idx" ON "students" USING btree ("institute_id","family_id");--> statement-breakpoint
CREATE POLICY "audit_log_tenant" ON "audit_log" AS PERMISSIVE FOR ALL TO "app_user" USING ("audit_log"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("audit_log"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "change_requests_tenant" ON "change_requests" AS PERMISSIVE FOR ALL TO "app_user" USING ("change_requests"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("change_requests"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "academic_years_tenant" ON "academic_years" AS PERMISSIVE FOR ALL TO "app_user" USING ("academic_years"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("academic_years"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "classes_tenant" ON "classes" AS PERMISSIVE FOR ALL TO "app_user" USING ("classes"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("classes"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "section_teachers_tenant" ON "section_teachers" AS PERMISSIVE FOR ALL TO "app_user" USING ("section_teachers"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("section_teachers"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "sections_tenant" ON "sections" AS PERMISSIVE FOR ALL TO "app_user" USING ("sections"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("sections"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "guardians_tenant" ON "guardians" AS PERMISSIVE FOR ALL TO "app_user" USING ("guardians"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("guardians"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "student_guardians_tenant" ON "student_guardians" AS PERMISSIVE FOR ALL TO "app_user" USING ("student_guardians"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("student_guardians"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "staff_tenant" ON "staff" AS PERMISSIVE FOR ALL TO "app_user" USING ("staff"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("staff"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "families_tenant" ON "families" AS PERMISSIVE FOR ALL TO "app_user" USING ("families"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("families"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "students_tenant" ON "students" AS PERMISSIVE FOR ALL TO "app_user" USING ("students"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("students"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);