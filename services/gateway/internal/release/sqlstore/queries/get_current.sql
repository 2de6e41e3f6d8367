SELECT version FROM section_current WHERE section = $1
