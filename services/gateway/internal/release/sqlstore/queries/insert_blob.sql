INSERT INTO section_release_blobs (section, version, data) VALUES ($1, $2, $3) ON CONFLICT (section, version) DO NOTHING
