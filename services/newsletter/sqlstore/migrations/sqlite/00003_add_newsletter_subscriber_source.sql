-- Where a subscriber came from: 'form', the site's sign-up (every subscriber before
-- this column was one), or 'import', a CSV file the admin imported. Kept as it was
-- first recorded: subscribing again through the form does not change it.

-- +goose Up
ALTER TABLE newsletter_subscribers
    ADD COLUMN source TEXT NOT NULL DEFAULT 'form' CHECK (source IN ('form', 'import'));

-- +goose Down
ALTER TABLE newsletter_subscribers DROP COLUMN source;
