UPDATE section_releases SET signature = $3, signed_by = $4 WHERE section = $1 AND version = $2
