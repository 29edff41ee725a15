ALTER TABLE "postal_records" ADD COLUMN "scan_key" text;--> statement-breakpoint
ALTER TABLE "postal_records" ADD COLUMN "scan_name" text;--> statement-breakpoint
ALTER TABLE "postal_records" ADD COLUMN "scan_type" text;--> statement-breakpoint
ALTER TABLE "postal_records" ADD COLUMN "scan_bytes" integer;--> statement-breakpoint
ALTER TABLE "postal_records" DROP COLUMN "scan_url";
