SELECT data FROM section_release_files WHERE section = $1 AND version = $2 AND name = $3
