-- The visitor register, pick-ups (allowed and refused) and appointments are records the police, an
-- inspector or a parent may ask for: cancelling and leaving are states, never deletions.
REVOKE DELETE ON visitors, student_pickups, appointments FROM app_user;
--> statement-breakpoint
REVOKE UPDATE ON student_pickups FROM app_user;
