-- Issue 33 (100,000 pupils in one institute): a due's concessions so far, read by applyGrants for
-- each new due; the concession register's pages newest first and its total; a student's open dues
-- by the student first; the pupils of a status (counts of those on the rolls, girls, boys and RTE
-- pupils read off the index), and whether a section has any on the rolls, without reading them all.
DROP INDEX "students_section_idx";--> statement-breakpoint
CREATE INDEX "concession_register_due_idx" ON "concession_register" USING btree ("institute_id","due_id");--> statement-breakpoint
CREATE INDEX "concession_register_applied_idx" ON "concession_register" USING btree ("institute_id","applied_at","id","amount_paise");--> statement-breakpoint
CREATE INDEX "fee_dues_open_student_idx" ON "fee_dues" USING btree ("institute_id","student_id","due_on","seq","instalment","balance_paise") WHERE "fee_dues"."balance_paise" > 0 and not "fee_dues"."cancelled";--> statement-breakpoint
CREATE INDEX "students_status_idx" ON "students" USING btree ("institute_id","status","gender","rte");--> statement-breakpoint
CREATE INDEX "students_section_idx" ON "students" USING btree ("institute_id","section_id","status");