CREATE TABLE "fee_online_orders" (
	"institute_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"gateway_order_id" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"gateway_payment_id" text,
	"payment_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "fee_online_orders_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "fee_online_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "razorpay_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"amount_paise" bigint NOT NULL,
	"institute_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_online_orders" ADD CONSTRAINT "fee_online_orders_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_online_orders_gateway_idx" ON "fee_online_orders" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "fee_online_orders_student_idx" ON "fee_online_orders" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE INDEX "razorpay_events_refund_idx" ON "razorpay_events" USING btree ("outcome") WHERE "razorpay_events"."outcome" = 'refund';--> statement-breakpoint
CREATE POLICY "fee_online_orders_tenant" ON "fee_online_orders" AS PERMISSIVE FOR ALL TO "app_user" USING ("fee_online_orders"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid) WITH CHECK ("fee_online_orders"."institute_id" = nullif(current_setting('app.institute_id', true), '')::uuid);