SELECT section, version FROM section_current
