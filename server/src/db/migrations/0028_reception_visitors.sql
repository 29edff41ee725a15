CREATE TABLE "appointments" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"host_staff_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"student_id" uuid,
	"guardian_id" uuid,
	"requested_by" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"visitor_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_pickups" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"guardian_id" uuid,
	"person_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"relation" text,
	"allowed" boolean NOT NULL,
	"picked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid NOT NULL,
	CONSTRAINT "student_pickups_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "student_pickups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visitors" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"financial_year" text NOT NULL,
	"pass_no" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"host_staff_id" uuid,
	"student_id" uuid,
	"relation" text,
	"persons" integer DEFAULT 1 NOT NULL,
	"id_proof_type" text DEFAULT 'none' NOT NULL,
	"id_proof_last4" text DEFAULT '' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"checkout_token" text NOT NULL,
	"expected_minutes" integer NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_at" timestamp with time zone,
	"checked_in_by" uuid,
	"checked_out_by" uuid,
	"appointment_id" uuid,
	CONSTRAINT "visitors_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "visitors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_pickups" ADD CONSTRAINT "student_pickups_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("institute_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_host_idx" ON "appointments" USING btree ("institute_id","host_staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_requested_by_idx" ON "appointments" USING btree ("institute_id","requested_by");--> statement-breakpoint
CREATE INDEX "student_pickups_at_idx" ON "student_pickups" USING btree ("institute_id","picked_up_at");--> statement-breakpoint
CREATE INDEX "student_pickups_student_idx" ON "student_pickups" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_pass_idx" ON "visitors" USING btree ("institute_id","financial_year","pass_no");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_token_idx" ON "visitors" USING btree ("institute_id","checkout_token");--> statement-breakpoint
CREATE INDEX "visitors_checked_in_idx" ON "visitors" USING btree ("institute_id","checked_in_at");--> statement-breakpoint
CREATE POLICY "appointments_tenant" ON "appointments" AS PERMISSIVE FOR ALL TO "app_user" USING ("appointments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("appointments"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "student_pickups_tenant" ON "student_pickups" AS PERMISSIVE FOR ALL TO "app_user" USING ("student_pickups"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("student_pickups"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "visitors_tenant" ON "visitors" AS PERMISSIVE FOR ALL TO "app_user" USING ("visitors"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("visitors"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);