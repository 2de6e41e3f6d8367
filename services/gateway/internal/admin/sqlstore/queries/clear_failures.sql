DELETE FROM admin_signin_failures WHERE failure_key = $1
