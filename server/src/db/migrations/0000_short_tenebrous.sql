CREATE TABLE "institutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"subdomain" text,
	"type" text DEFAULT 'school' NOT NULL,
	"group_id" uuid,
	"logo_url" text,
	"slogan" text,
	"cover_image_url" text,
	"role_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_person" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutes_code_unique" UNIQUE("code"),
	CONSTRAINT "institutes_domain_unique" UNIQUE("domain"),
	CONSTRAINT "institutes_subdomain_unique" UNIQUE("subdomain")
);
--> statement-breakpoint
CREATE INDEX "institutes_name_idx" ON "institutes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "institutes_group_idx" ON "institutes" USING btree ("group_id");