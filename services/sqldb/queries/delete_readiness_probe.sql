-- $1 the id insert_readiness_probe wrote.
DELETE FROM readiness_probes WHERE id = $1;
