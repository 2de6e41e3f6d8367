SELECT signature FROM section_releases WHERE section = $1 AND version = $2
