INSERT INTO section_events (section, action, version, actor, at, key_fingerprint) VALUES ($1, $2, '', $3, $4, $5)
