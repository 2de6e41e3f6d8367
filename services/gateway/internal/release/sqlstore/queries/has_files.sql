SELECT 1 FROM section_release_files WHERE section = $1 AND version = $2 LIMIT 1
