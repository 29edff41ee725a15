CREATE TABLE "report_card_remarks" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"remark" text NOT NULL,
	"written_by" uuid NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_card_remarks_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_card_remarks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD CONSTRAINT "report_card_remarks_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_card_remarks_idx" ON "report_card_remarks" USING btree ("institute_id","term_id","student_id");--> statement-breakpoint
CREATE POLICY "report_card_remarks_tenant" ON "report_card_remarks" AS PERMISSIVE FOR ALL TO "app_user" USING ("report_card_remarks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("report_card_remarks"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
-- A remark is cleared, never deleted: its history is in the audit log.
REVOKE DELETE ON "report_card_remarks" FROM app_user;