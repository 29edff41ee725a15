CREATE TABLE "import_file_chunks" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_file_chunks_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_file_chunks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "import_files" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"imported_through" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_files_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_file_chunks" ADD CONSTRAINT "import_file_chunks_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_file_chunks_file_idx" ON "import_file_chunks" USING btree ("institute_id","file_id","seq");--> statement-breakpoint
CREATE INDEX "import_files_created_idx" ON "import_files" USING btree ("institute_id","created_at");--> statement-breakpoint
CREATE POLICY "import_file_chunks_tenant" ON "import_file_chunks" AS PERMISSIVE FOR ALL TO "app_user" USING ("import_file_chunks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("import_file_chunks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "import_files_tenant" ON "import_files" AS PERMISSIVE FOR ALL TO "app_user" USING ("import_files"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("import_files"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);