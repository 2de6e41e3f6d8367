INSERT INTO section_release_files (section, version, name, data) VALUES ($1, $2, $3, $4) ON CONFLICT (section, version, name) DO NOTHING
