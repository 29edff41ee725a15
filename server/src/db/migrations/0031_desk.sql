CREATE TABLE "committee_members" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"committee" text NOT NULL,
	"staff_id" uuid NOT NULL,
	CONSTRAINT "committee_members_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "committee_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "complaints" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"committee" text,
	"complainant_kind" text NOT NULL,
	"complainant_name" text DEFAULT '' NOT NULL,
	"complainant_phone" text DEFAULT '' NOT NULL,
	"filed_by" uuid,
	"description" text NOT NULL,
	"assignee_staff_id" uuid,
	"due_on" date,
	"action_taken" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reopened" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "complaints" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "enquiry_follow_ups" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"on" date NOT NULL,
	"mode" text NOT NULL,
	"outcome" text NOT NULL,
	"next_on" date,
	"by_user_id" uuid,
	"by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_follow_ups_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "enquiry_follow_ups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "postal_records" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"year" text NOT NULL,
	"serial_no" integer NOT NULL,
	"on" date NOT NULL,
	"reference_no" text DEFAULT '' NOT NULL,
	"party_name" text NOT NULL,
	"party_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"confidential" boolean DEFAULT false NOT NULL,
	"addressee_staff_id" uuid,
	"scan_url" text,
	"state" text DEFAULT 'recorded' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postal_records_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "postal_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "suggestions" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"anonymous" boolean NOT NULL,
	"sender_user_id" uuid,
	"sender_name" text,
	"state" text DEFAULT 'new' NOT NULL,
	"created_on" date NOT NULL,
	CONSTRAINT "suggestions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "suggestions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "admission_enquiries_newest_idx";--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "source" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "previous_school" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "counsellor_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "next_follow_up_on" date;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_follow_ups" ADD CONSTRAINT "enquiry_follow_ups_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_records" ADD CONSTRAINT "postal_records_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_members_idx" ON "committee_members" USING btree ("institute_id","committee","staff_id");--> statement-breakpoint
CREATE INDEX "complaints_newest_idx" ON "complaints" USING btree ("institute_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_filed_by_idx" ON "complaints" USING btree ("institute_id","filed_by");--> statement-breakpoint
CREATE INDEX "enquiry_follow_ups_enquiry_idx" ON "enquiry_follow_ups" USING btree ("institute_id","enquiry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "postal_records_serial_idx" ON "postal_records" USING btree ("institute_id","direction","year","serial_no");--> statement-breakpoint
CREATE INDEX "postal_records_newest_idx" ON "postal_records" USING btree ("institute_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_newest_idx" ON "suggestions" USING btree ("institute_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admission_enquiries_state_idx" ON "admission_enquiries" USING btree ("institute_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admission_enquiries_newest_idx" ON "admission_enquiries" USING btree ("institute_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "admission_enquiries_tenant" ON "admission_enquiries" AS PERMISSIVE FOR ALL TO "app_user" USING ("admission_enquiries"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("admission_enquiries"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "committee_members_tenant" ON "committee_members" AS PERMISSIVE FOR ALL TO "app_user" USING ("committee_members"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("committee_members"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "complaints_tenant" ON "complaints" AS PERMISSIVE FOR ALL TO "app_user" USING ("complaints"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("complaints"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "enquiry_follow_ups_tenant" ON "enquiry_follow_ups" AS PERMISSIVE FOR ALL TO "app_user" USING ("enquiry_follow_ups"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("enquiry_follow_ups"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "postal_records_tenant" ON "postal_records" AS PERMISSIVE FOR ALL TO "app_user" USING ("postal_records"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("postal_records"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "suggestions_tenant" ON "suggestions" AS PERMISSIVE FOR ALL TO "app_user" USING ("suggestions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("suggestions"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);