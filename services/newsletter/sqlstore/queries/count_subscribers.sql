SELECT COUNT(*) FROM newsletter_subscribers WHERE $1 = '' OR state = $1;
