SELECT section, version, percent, started_at, changed_at, stages, every_ms, next_at FROM section_canaries
