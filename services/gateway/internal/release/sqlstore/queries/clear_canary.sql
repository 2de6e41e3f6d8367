DELETE FROM section_canaries WHERE section = $1
