INSERT INTO section_events (section, action, version, previous, actor, at) VALUES ($1, $2, $3, $4, $5, $6)
