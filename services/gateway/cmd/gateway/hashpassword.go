package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
)

// hashPasswordCommand is the sub-command that prints a password hash for the admin.
const hashPasswordCommand = "hash-password"

// hashPassword reads one line, the password, from stdin and prints its bcrypt hash at
// cost (admin.PasswordCost) for PORTFOLIO_ADMIN_PASSWORD_HASH. Reading stdin rather
// than an argument keeps the password out of the shell history and the process list.
func hashPassword(args []string, stdin io.Reader, stdout, stderr io.Writer, cost int) error {
	if len(args) > 0 {
		return fmt.Errorf("%s takes no arguments: it reads the password from standard input", hashPasswordCommand)
	}
	if isTerminal(stdin) {
		// A prompt that cannot be shown changes nothing: the password is still read.
		_, _ = fmt.Fprint(stderr, "Password (shown as you type): ")
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: read the password: %w", hashPasswordCommand, err)
	}
	// Only the line ending goes: spaces may be part of a password.
	password := strings.TrimRight(line, "\r\n")
	hash, err := admin.HashPassword(password, cost)
	if err != nil {
		return fmt.Errorf("%s: %w", hashPasswordCommand, err)
	}
	if _, err := fmt.Fprintln(stdout, hash); err != nil {
		return fmt.Errorf("%s: print the hash: %w", hashPasswordCommand, err)
	}
	_, _ = fmt.Fprintf(stderr, "Set it as %s (in single quotes in a shell: it contains $ signs), with %s.\n",
		config.EnvName("admin_password_hash"), config.EnvName("admin_user"))
	return nil
}

// isTerminal reports whether r is an interactive terminal, which gets a prompt.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
