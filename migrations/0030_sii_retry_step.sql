-- Decision 0070: an admin's retry of a submission is logged among its tries, as step "retry".
ALTER TABLE "sii_attempts" DROP CONSTRAINT "sii_attempts_step_check";--> statement-breakpoint
ALTER TABLE "sii_attempts" ADD CONSTRAINT "sii_attempts_step_check" CHECK ("sii_attempts"."step" in ('upload', 'status', 'retry'));