-- What the student still owed once a receipt was posted (issue 32: printed on the receipt). Receipts
-- posted before this change keep null: their balance then is not known, and nothing is guessed.
ALTER TABLE "fee_payments" ADD COLUMN "balance_after_paise" bigint;