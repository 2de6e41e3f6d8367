DELETE FROM section_keys WHERE section = $1 AND fingerprint = $2
