INSERT INTO section_releases (section, version, digest, manifest, size, published_at, published_by, signature, signed_by)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (section, version) DO NOTHING
