UPDATE section_canaries SET percent = $4, stages = $5, next_at = $6, changed_at = $7 WHERE section = $1 AND version = $2 AND percent = $3
