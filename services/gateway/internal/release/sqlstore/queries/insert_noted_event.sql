INSERT INTO section_events (section, action, version, previous, actor, at, note) VALUES ($1, $2, $3, $4, $5, $6, $7)
