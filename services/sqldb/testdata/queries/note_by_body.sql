SELECT id FROM notes WHERE body = $1
