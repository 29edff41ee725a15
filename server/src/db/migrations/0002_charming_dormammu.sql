CREATE TABLE "bdrs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bdr_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"contact" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bdrs_bdr_id_unique" UNIQUE("bdr_id")
);
--> statement-breakpoint
CREATE TABLE "registration_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"bdr_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_name" text NOT NULL,
	"bdr_id" text NOT NULL,
	"institute_id" uuid,
	"contact_person" text NOT NULL,
	"provider" text NOT NULL,
	"purchase_date" date NOT NULL,
	"subdomain_enabled" boolean DEFAULT false NOT NULL,
	"subdomain" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_domain_name_unique" UNIQUE("domain_name")
);
--> statement-breakpoint
CREATE TABLE "otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_grants" ADD CONSTRAINT "registration_grants_bdr_id_bdrs_bdr_id_fk" FOREIGN KEY ("bdr_id") REFERENCES "public"."bdrs"("bdr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_grants_bdr_idx" ON "registration_grants" USING btree ("bdr_id");--> statement-breakpoint
CREATE INDEX "domains_bdr_idx" ON "domains" USING btree ("bdr_id");--> statement-breakpoint
CREATE INDEX "domains_institute_idx" ON "domains" USING btree ("institute_id");--> statement-breakpoint
CREATE INDEX "domains_created_idx" ON "domains" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "otps_subject_idx" ON "otps" USING btree ("purpose","subject","created_at");