INSERT INTO contact_messages (name, email, subject, body, ip, created_at)
VALUES (:name, :email, :subject, :body, :ip, :created_at)
RETURNING id;
