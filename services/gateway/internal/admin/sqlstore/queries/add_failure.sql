INSERT INTO admin_signin_failures (failure_key, failures, window_end) VALUES ($1, 1, $3)
ON CONFLICT (failure_key) DO UPDATE SET
    failures = CASE WHEN admin_signin_failures.window_end <= $2 THEN 1 ELSE admin_signin_failures.failures + 1 END,
    window_end = CASE WHEN admin_signin_failures.window_end <= $2 THEN $3 ELSE admin_signin_failures.window_end END
WHERE admin_signin_failures.window_end <= $2 OR admin_signin_failures.failures < $4
RETURNING failures, window_end
