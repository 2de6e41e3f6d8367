// Package apperr is the site's one error vocabulary, after WTF Dial's error.go: an
// Error has a Code that says what went wrong in terms a client can act on, and a
// Message that is safe to show to whoever made the request. The domains (contact,
// newsletter, admin, the mail outbox) return them; the HTTP layer maps each code to a
// status in one place and writes the message, while any other error is internal: it
// is logged and the client only learns that something failed.
//
// It is a module of its own that imports nothing, so that every module can use it
// without depending on another's domain or on the database (docs/decisions/0024).
package apperr

import (
	"errors"
	"time"
)

// Code is what kind of failure an Error is.
type Code string

// The codes, as the JSON API writes them (docs/api.md).
const (
	Invalid          Code = "invalid"      // the request breaks a rule; Problems says which fields
	Unauthorized     Code = "unauthorized" // who is asking is not known (not signed in, wrong password)
	Forbidden        Code = "forbidden"    // known, or not, and not allowed (a cross-site request)
	NotFound         Code = "not_found"    // no such thing
	MethodNotAllowed Code = "method_not_allowed"
	Conflict         Code = "conflict" // the thing is in a state that refuses the request now
	TooLarge         Code = "too_large"
	UnsupportedType  Code = "unsupported_media_type"
	RateLimited      Code = "rate_limited"   // too many requests; RetryAfter says when to try again
	Unavailable      Code = "unavailable"    // a part the request needs failed; try again later
	NotConfigured    Code = "not_configured" // the feature is off until someone sets it up
	Internal         Code = "internal"       // a bug or an unexpected failure: never shown
)

// Problem is one field that breaks a rule, with what to tell whoever filled it in.
type Problem struct {
	Field   string
	Message string
}

// Error is an error whose Message may be shown. Err, if set, is the internal cause,
// which is logged and never shown.
type Error struct {
	Code    Code
	Message string
	// Field is the request field at fault, for Invalid: the first of Problems.
	Field string
	// Problems is every field's problem, for Invalid, in the form's order: a page that
	// shows the whole form again shows them all; the JSON API names the first.
	Problems []Problem
	// RetryAfter, if set, is when the request may succeed (Retry-After).
	RetryAfter time.Duration
	Err        error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return string(e.Code) + ": " + e.Message + ": " + e.Err.Error()
	}
	return string(e.Code) + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// New returns an Error of code with message.
func New(code Code, message string) *Error { return &Error{Code: code, Message: message} }

// Wrap returns an Error of code with message, caused by err.
func Wrap(code Code, message string, err error) *Error {
	return &Error{Code: code, Message: message, Err: err}
}

// Fields returns the Invalid error of problems (at least one), the first as Field
// and Message.
func Fields(problems ...Problem) *Error {
	return &Error{Code: Invalid, Field: problems[0].Field, Message: problems[0].Message, Problems: problems}
}

// Field returns the Invalid error of one field.
func Field(field, message string) *Error { return Fields(Problem{Field: field, Message: message}) }

// From returns the Error in err's chain, if there is one.
func From(err error) (*Error, bool) { return errors.AsType[*Error](err) }

// CodeOf returns the code of the Error in err's chain: "" for nil, Internal for an
// error that has none.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	if e, ok := From(err); ok {
		return e.Code
	}
	return Internal
}

// Or returns err if it has an Error in its chain, else err wrapped as an Error of
// code with message: how a caller says what an unexpected failure means for its
// request (a store that failed: Unavailable, "… Please try again later.").
func Or(err error, code Code, message string) error {
	if err == nil {
		return nil
	}
	if _, ok := From(err); ok {
		return err
	}
	return Wrap(code, message, err)
}
