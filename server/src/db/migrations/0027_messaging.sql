CREATE TABLE "fee_reminder_schedules" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"offset_days" integer NOT NULL,
	"channels" jsonb NOT NULL,
	"sms_template_key" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_reminder_schedules_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_reminder_schedules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "messages" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"recipient_name" text,
	"guardian_id" uuid,
	"subject" text,
	"body" text NOT NULL,
	"template_key" text,
	"dlt_template_id" text,
	"dlt_entity_id" text,
	"sender_header" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_note" text,
	"provider_ref" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "messaging_opt_outs" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"guardian_id" uuid NOT NULL,
	"opted_out" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_opt_outs_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "messaging_opt_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"dlt_entity_id" text NOT NULL,
	"sender_header" text NOT NULL,
	"quiet_hours" boolean DEFAULT true NOT NULL,
	"quiet_from" text DEFAULT '21:00' NOT NULL,
	"quiet_until" text DEFAULT '08:00' NOT NULL,
	CONSTRAINT "messaging_settings_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "messaging_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"dlt_template_id" text NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "sms_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_reminder_schedules" ADD CONSTRAINT "fee_reminder_schedules_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_opt_outs" ADD CONSTRAINT "messaging_opt_outs_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_reminder_schedules_idx" ON "fee_reminder_schedules" USING btree ("institute_id","offset_days");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_event_idx" ON "messages" USING btree ("institute_id","event_key","channel","recipient");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("institute_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_opt_outs_idx" ON "messaging_opt_outs" USING btree ("institute_id","guardian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_settings_idx" ON "messaging_settings" USING btree ("institute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_active_key_idx" ON "sms_templates" USING btree ("institute_id","key") WHERE "sms_templates"."active";--> statement-breakpoint
CREATE INDEX "sms_templates_created_idx" ON "sms_templates" USING btree ("institute_id","created_at");--> statement-breakpoint
CREATE POLICY "fee_reminder_schedules_tenant" ON "fee_reminder_schedules" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_reminder_schedules"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_reminder_schedules"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "messages_tenant" ON "messages" AS PERMISSIVE FOR ALL TO "app_user" USING ("messages"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("messages"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "messaging_opt_outs_tenant" ON "messaging_opt_outs" AS PERMISSIVE FOR ALL TO "app_user" USING ("messaging_opt_outs"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("messaging_opt_outs"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "messaging_settings_tenant" ON "messaging_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("messaging_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("messaging_settings"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "sms_templates_tenant" ON "sms_templates" AS PERMISSIVE FOR ALL TO "app_user" USING ("sms_templates"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("sms_templates"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);