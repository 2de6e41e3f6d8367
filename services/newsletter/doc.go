// Package newsletter will own DevOps Digest's subscribers and editions.
//
// It will own:
//   - subscribers with double opt-in (a single-use, expiring confirmation token),
//     unsubscribe (including RFC 8058 one-click) and explicit subscription states;
//   - editions, read from the content module, and publishing an edition to every
//     confirmed subscriber through the mail outbox;
//   - storage adapters: SQLite under the data directory by default, PostgreSQL when a
//     DSN is configured, with SQL in .sql files and migrations next to them.
//
// The domain types and interfaces live here, free of SQL and HTTP; adapters live in
// sub-packages named after their technology. It imports content and declares the mail
// interface it needs. Later issues build it.
package newsletter
