package admin

import (
	_ "embed" // the common passwords
	"strings"
	"sync"
	"unicode/utf8"
)

// commonPasswordList is common-passwords.txt: the most common passwords of the lengths
// setup accepts, one a line (NIST SP 800-63B 5.1.1.2: refuse passwords from lists of
// commonly used or compromised ones).
//
//go:embed common-passwords.txt
var commonPasswordList string

// commonPasswords is commonPasswordList as a set, made on first use.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 10000)
	for line := range strings.Lines(commonPasswordList) {
		line = strings.TrimRight(line, "\r\n")
		if line != "" && !strings.HasPrefix(line, "#") {
			set[line] = struct{}{}
		}
	}
	return set
})

// Why a password that is long enough is still refused, as the setup form says it.
const (
	MsgPasswordCommon     = "This password is one of the most common ones. Choose another."
	MsgPasswordRepeated   = "This password repeats one character. Choose another."
	MsgPasswordSequential = "This password is a simple sequence (like 123456… or abcdef…). Choose another."
)

// weakPassword returns why password is too easy to guess, or "": one of the common
// passwords (compared in lower case, as guessers try it), one character repeated, or
// a run of consecutive characters up or down (123456789012, abcdefghijkl, 987654…).
func weakPassword(password string) string {
	if _, ok := commonPasswords()[strings.ToLower(password)]; ok {
		return MsgPasswordCommon
	}
	runes := []rune(password)
	repeated, up, down := true, true, true
	for i := 1; i < len(runes); i++ {
		repeated = repeated && runes[i] == runes[0]
		up = up && (runes[i] == runes[i-1]+1 || runes[i-1] == '9' && runes[i] == '0')
		down = down && (runes[i] == runes[i-1]-1 || runes[i-1] == '0' && runes[i] == '9')
	}
	switch {
	case repeated && utf8.RuneCountInString(password) > 1:
		return MsgPasswordRepeated
	case up || down:
		return MsgPasswordSequential
	}
	return ""
}
