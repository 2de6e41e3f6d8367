DELETE FROM admin_signin_failures WHERE window_end <= $1
