SELECT action, version, previous, actor, at, key_fingerprint, note FROM section_events WHERE section = $1 ORDER BY id DESC LIMIT $2
