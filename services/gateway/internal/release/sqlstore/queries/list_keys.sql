SELECT fingerprint, key_type, public_key, comment, added_at, added_by FROM section_keys WHERE section = $1 ORDER BY added_at, fingerprint
