-- Concessions wait for a second person's approval (issue 27): a rule, a rule's new amount and the
-- students named on a rule no longer apply when made. What was in force before this change stays
-- in force: existing rules and names count as approved (by nobody recorded, at their making).
ALTER TABLE "concession_rule_students" ADD COLUMN "approval" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "concession_rule_students" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "concession_rule_students" ADD COLUMN "proposed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "concession_rule_students" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "concession_rule_students" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "concession_rules" ADD COLUMN "approval" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "concession_rules" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "concession_rules" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "concession_rules" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "concession_rules" SET "approval" = 'approved', "proposed_by" = "created_by", "reviewed_at" = "created_at";--> statement-breakpoint
UPDATE "concession_rule_students" SET "approval" = 'approved', "reviewed_at" = now();
