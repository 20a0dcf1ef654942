ALTER TABLE "dte_cafs" DROP CONSTRAINT "dte_cafs_type_check";--> statement-breakpoint
ALTER TABLE "dte_documents" DROP CONSTRAINT "dte_documents_type_check";--> statement-breakpoint
ALTER TABLE "dte_cafs" ADD CONSTRAINT "dte_cafs_type_check" CHECK ("dte_cafs"."type" in (33, 34, 39, 41, 61));--> statement-breakpoint
ALTER TABLE "dte_documents" ADD CONSTRAINT "dte_documents_type_check" CHECK ("dte_documents"."type" in (33, 34, 39, 41, 61));