UPDATE section_events SET undone = 1 WHERE id = $1
