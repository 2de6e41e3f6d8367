SELECT failures, window_end FROM admin_signin_failures WHERE failure_key = $1 AND window_end > $2
