-- When a message was queued, or re-queued from the admin: its retry lifetime counts
-- from here, not from created_at, so a dead message put back gets a full new lifetime.

-- +goose Up
ALTER TABLE mail_outbox ADD COLUMN queued_at INTEGER NOT NULL DEFAULT 0;
UPDATE mail_outbox SET queued_at = created_at;
-- What the admin lists: dead rows and pending rows that failed, newest change first.
CREATE INDEX mail_outbox_troubled ON mail_outbox (updated_at) WHERE status = 'dead' OR last_error IS NOT NULL;

-- +goose Down
DROP INDEX mail_outbox_troubled;
ALTER TABLE mail_outbox DROP COLUMN queued_at;
