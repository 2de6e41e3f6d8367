SELECT version, digest, size, published_at, published_by, signed_by FROM section_releases WHERE section = $1 ORDER BY published_at DESC, version DESC
