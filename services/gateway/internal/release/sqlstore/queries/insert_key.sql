INSERT INTO section_keys (section, fingerprint, key_type, public_key, comment, added_at, added_by) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (section, fingerprint) DO NOTHING
