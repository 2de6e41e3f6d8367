INSERT INTO section_current (section, version, changed_at) VALUES ($1, $2, $3)
ON CONFLICT (section) DO UPDATE SET version = excluded.version, changed_at = excluded.changed_at
