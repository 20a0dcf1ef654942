ALTER TABLE "company_settings" ADD COLUMN "email_message" text DEFAULT 'Estimado/a {cliente}:

Junto con saludar, le enviamos adjunto el documento {documento}.

Quedamos atentos a cualquier consulta.

Saludos cordiales.' NOT NULL;