-- +goose Up
CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL);
-- +goose Down
DROP TABLE notes;
