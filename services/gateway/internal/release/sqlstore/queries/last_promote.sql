SELECT id, version, previous FROM section_events WHERE section = $1 AND action = 'promote' AND undone = 0 ORDER BY id DESC LIMIT 1
