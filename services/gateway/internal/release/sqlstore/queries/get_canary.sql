SELECT version, percent FROM section_canaries WHERE section = $1
