SELECT count(*) FROM section_release_blobs WHERE section = $1 AND version = $2
