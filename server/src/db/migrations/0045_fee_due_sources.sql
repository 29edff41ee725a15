-- A due's source, typed (issue 25): `structure_id` held four kinds of id with no key. Each kind is
-- recognised by the table its id is in: a fee structure, an exam fee demand, a carry-forward, or
-- the reversal of a bounced cheque (the bounce fine). Fine dues carry the id of the due they were
-- late on, so they take that source's kind. A due of none of them leaves its kind null and the
-- SET NOT NULL below fails: nothing is guessed.
ALTER TABLE "fee_dues" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "fee_dues" ADD COLUMN "source_id" uuid;--> statement-breakpoint
UPDATE "fee_dues" d SET "source_id" = d."structure_id", "source_kind" = CASE
  WHEN EXISTS (SELECT 1 FROM "fee_structures" x WHERE x."institute_id" = d."institute_id" AND x."id" = d."structure_id")
    THEN 'structure'
  WHEN EXISTS (SELECT 1 FROM "fee_exam_demands" x WHERE x."institute_id" = d."institute_id" AND x."id" = d."structure_id")
    THEN 'exam_demand'
  WHEN EXISTS (SELECT 1 FROM "fee_carry_forwards" x WHERE x."institute_id" = d."institute_id" AND x."id" = d."structure_id")
    THEN 'carry_forward'
  WHEN EXISTS (SELECT 1 FROM "fee_payments" x WHERE x."institute_id" = d."institute_id" AND x."id" = d."structure_id"
    AND x."kind" = 'reversal')
    THEN 'bounce'
END;--> statement-breakpoint
ALTER TABLE "fee_dues" ALTER COLUMN "source_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_dues" ALTER COLUMN "source_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "fee_dues_unique_idx";--> statement-breakpoint
DROP INDEX "fee_dues_structure_idx";--> statement-breakpoint
ALTER TABLE "fee_dues" DROP COLUMN "structure_id";--> statement-breakpoint
CREATE UNIQUE INDEX "fee_dues_source_idx" ON "fee_dues" USING btree ("institute_id","source_kind","source_id","student_id","head_id","seq");--> statement-breakpoint
ALTER TABLE "fee_dues" ADD CONSTRAINT "fee_dues_source_kind_check" CHECK ("fee_dues"."source_kind" in ('structure', 'exam_demand', 'bounce', 'carry_forward', 'transport', 'hostel', 'inventory_sale'));
