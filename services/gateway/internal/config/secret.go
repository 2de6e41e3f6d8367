package config

// Secret is a configuration value that must never reach a log: it formats as
// "[redacted]" (fmt, zap, JSON). Reveal returns the value itself.
type Secret string

// Reveal returns the secret's value, for the one place that needs it.
func (s Secret) Reveal() string { return string(s) }

func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "[redacted]"
}

// GoString keeps %#v from printing the value.
func (s Secret) GoString() string { return `config.Secret("` + s.String() + `")` }

// MarshalText keeps encoders (JSON, zap's reflection) from printing the value.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
