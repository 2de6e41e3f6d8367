DELETE FROM section_current WHERE section = $1
