SELECT state, COUNT(*) FROM newsletter_subscribers GROUP BY state;
