SELECT digest, manifest, size, published_at, published_by FROM section_releases WHERE section = $1 AND version = $2
