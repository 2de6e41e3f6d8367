UPDATE admin_signin_failures
SET failures = CASE WHEN failures > $2 THEN failures - $2 ELSE 0 END
WHERE failure_key = $1
