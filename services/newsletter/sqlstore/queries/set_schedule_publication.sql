-- The publication schedule $1 started.
UPDATE newsletter_schedules SET publication_id = $2 WHERE id = $1;
