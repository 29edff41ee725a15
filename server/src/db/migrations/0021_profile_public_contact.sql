ALTER TABLE "institute_profiles" ADD COLUMN "public_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "institute_profiles" ADD COLUMN "public_email" text DEFAULT '' NOT NULL;