DELETE FROM section_canaries WHERE section = $1 AND version = $2 AND percent = $3
