SELECT count(*), min(started_at) FROM newsletter_publications WHERE status = 'running'
