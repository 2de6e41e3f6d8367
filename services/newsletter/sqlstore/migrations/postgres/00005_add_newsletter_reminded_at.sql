-- When an unconfirmed subscriber got their one reminder (docs/decisions/0058): set
-- once, never cleared, so nobody gets a second one.

-- +goose Up
ALTER TABLE newsletter_subscribers ADD COLUMN reminded_at BIGINT;
-- Who is owed one: unconfirmed, never reminded, by when their last confirmation went out.
CREATE INDEX newsletter_subscribers_owed_reminder ON newsletter_subscribers (confirmation_sent_at)
    WHERE state = 'unconfirmed' AND reminded_at IS NULL;

-- +goose Down
DROP INDEX newsletter_subscribers_owed_reminder;
ALTER TABLE newsletter_subscribers DROP COLUMN reminded_at;
