-- $1 a random id (replicas probe at once), $2 the payload.
INSERT INTO readiness_probes (id, payload) VALUES ($1, $2);
