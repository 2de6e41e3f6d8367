package apperr_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/portfolio-site/portfolio/services/apperr"
)

func TestCodeOf(t *testing.T) {
	notFound := apperr.New(apperr.NotFound, "There is no such edition.")
	tests := []struct {
		name string
		err  error
		want apperr.Code
	}{
		{"nil", nil, ""},
		{"coded", notFound, apperr.NotFound},
		{"wrapped", fmt.Errorf("publish: %w", notFound), apperr.NotFound},
		{"plain", errors.New("disk full"), apperr.Internal},
		{"fields", apperr.Field("email", "Please enter a valid email address"), apperr.Invalid},
	}
	for _, tt := range tests {
		if got := apperr.CodeOf(tt.err); got != tt.want {
			t.Errorf("%s: CodeOf = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestFieldsNameTheFirstAndKeepAll(t *testing.T) {
	e := apperr.Fields(
		apperr.Problem{Field: "name", Message: "Name must be at least 2 characters"},
		apperr.Problem{Field: "message", Message: "Message must be at least 10 characters"},
	)
	if e.Code != apperr.Invalid || e.Field != "name" || e.Message != "Name must be at least 2 characters" || len(e.Problems) != 2 {
		t.Errorf("Fields = %+v", e)
	}
}

func TestOrKeepsACodedErrorAndWrapsAnyOther(t *testing.T) {
	conflict := apperr.New(apperr.Conflict, "This edition is being published right now.")
	if got := apperr.Or(fmt.Errorf("x: %w", conflict), apperr.Unavailable, "later"); apperr.CodeOf(got) != apperr.Conflict {
		t.Errorf("Or(coded) = %v", got)
	}
	cause := errors.New("connection refused")
	got := apperr.Or(cause, apperr.Unavailable, "Please try again later.")
	e, ok := apperr.From(got)
	if !ok || e.Code != apperr.Unavailable || e.Message != "Please try again later." || !errors.Is(got, cause) {
		t.Errorf("Or(plain) = %#v", got)
	}
	if apperr.Or(nil, apperr.Unavailable, "x") != nil {
		t.Error("Or(nil) is not nil")
	}
	// The message shown never includes the cause; Error() (for logs) does.
	if want := "unavailable: Please try again later.: connection refused"; got.Error() != want {
		t.Errorf("Error() = %q, want %q", got.Error(), want)
	}
}
