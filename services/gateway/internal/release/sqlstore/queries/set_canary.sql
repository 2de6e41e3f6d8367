INSERT INTO section_canaries (section, version, percent, started_at, changed_at, stages, every_ms, next_at)
VALUES ($1, $2, $3, $4, $4, $5, $6, $7)
ON CONFLICT (section) DO UPDATE SET percent = excluded.percent, changed_at = excluded.changed_at,
    stages = excluded.stages, every_ms = excluded.every_ms, next_at = excluded.next_at,
    version = excluded.version,
    started_at = CASE WHEN section_canaries.version = excluded.version THEN section_canaries.started_at ELSE excluded.started_at END
