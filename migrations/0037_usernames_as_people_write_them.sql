-- User names as people write them ("Carolina Muñoz"), unique ignoring case and accents
-- (docs/decisions/0092-usernames-as-people-write-them.md).
DROP INDEX "users_username_lower_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_folded_key" ON "users" USING btree (f_unaccent(lower("username")));