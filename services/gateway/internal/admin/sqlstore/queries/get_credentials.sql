SELECT user_name, password_hash FROM admin_credentials WHERE id = 1
