package release

import (
	"bytes"
	"context"
	"crypto/rsa"
	"encoding/pem"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hiddeco/sshsig"
	"golang.org/x/crypto/ssh"

	"github.com/portfolio-site/portfolio/services/apperr"
)

// SignatureNamespace is the namespace of a release's SSH signature
// (`ssh-keygen -Y sign -n portfolio-release`): a signature the same key made for
// anything else (a commit, a file) does not sign a release
// (docs/decisions/0048-signed-releases.md).
const SignatureNamespace = "portfolio-release"

// The key store's errors, for callers to tell apart.
var (
	ErrNoKey     = errors.New("no such key")
	ErrKeyExists = errors.New("key already registered")
)

// Key is a public key whose signature a section's releases need, once the section has
// one.
type Key struct {
	Section     string    `json:"section"`
	Fingerprint string    `json:"fingerprint"` // SHA256:…, as ssh-keygen -l prints it
	Type        string    `json:"type"`        // ssh-ed25519, ecdsa-sha2-nistp256, …
	PublicKey   string    `json:"publicKey"`   // the key as a .pub file has it, without its comment
	Comment     string    `json:"comment"`
	AddedAt     time.Time `json:"addedAt"`
	AddedBy     string    `json:"addedBy"`
}

// KeyStore keeps the sections' keys (release/sqlstore). Adding and removing a key are
// events of the section's history, with their actor.
type KeyStore interface {
	AddKey(ctx context.Context, k Key) error // ErrKeyExists
	RemoveKey(ctx context.Context, section, fingerprint, actor string, now time.Time) error
	Keys(ctx context.Context, section string) ([]Key, error)
	// Signature is the signature a release was published with (nil: unsigned).
	Signature(ctx context.Context, section, version string) ([]byte, error)
}

// keyTypes are the keys a section can register: those ssh-keygen makes today. Not DSA
// (OpenSSH dropped it), nor certificates (a key is trusted here, not a CA).
var keyTypes = []string{
	ssh.KeyAlgoED25519, ssh.KeyAlgoSKED25519, ssh.KeyAlgoECDSA256, ssh.KeyAlgoECDSA384,
	ssh.KeyAlgoECDSA521, ssh.KeyAlgoSKECDSA256, ssh.KeyAlgoRSA,
}

// minRSABits is the smallest RSA key accepted (ssh-keygen's default is 3072).
const minRSABits = 2048

// AddKey registers the public key in pub (a line of a .pub file: type, base64 and an
// optional comment) for section, recorded as added by actor.
func (s *Service) AddKey(ctx context.Context, section string, pub []byte, actor string) (Key, error) {
	if err := knownSection(section); err != nil {
		return Key{}, err
	}
	k, err := parseKey(pub)
	if err != nil {
		return Key{}, err
	}
	k.Section, k.AddedAt, k.AddedBy = section, s.Now().UTC().Truncate(time.Second), actor
	if err := s.Store.AddKey(ctx, k); err != nil {
		if errors.Is(err, ErrKeyExists) {
			return Key{}, apperr.Wrap(apperr.Conflict, fmt.Sprintf("The key %s is already one of %s's keys.", k.Fingerprint, section), err)
		}
		return Key{}, err
	}
	return k, nil
}

// RemoveKey takes a key from section: releases it signed no longer verify.
func (s *Service) RemoveKey(ctx context.Context, section, fingerprint, actor string) error {
	if err := knownSection(section); err != nil {
		return err
	}
	err := s.Store.RemoveKey(ctx, section, fingerprint, actor, s.Now())
	if errors.Is(err, ErrNoKey) {
		return apperr.Wrap(apperr.NotFound, fmt.Sprintf("%s has no key %s.", section, fingerprint), err)
	}
	return err
}

// Keys returns section's keys, oldest first.
func (s *Service) Keys(ctx context.Context, section string) ([]Key, error) {
	if err := knownSection(section); err != nil {
		return nil, err
	}
	keys, err := s.Store.Keys(ctx, section)
	if keys == nil {
		keys = []Key{}
	}
	return keys, err
}

func knownSection(section string) error {
	if !slices.Contains(Sections, section) {
		return apperr.New(apperr.NotFound, fmt.Sprintf("There is no section %q: the sections are %s.", section, strings.Join(Sections, ", ")))
	}
	return nil
}

// parseKey reads one public key as a .pub file (or authorized_keys) has it.
func parseKey(line []byte) (Key, error) {
	problem := func(message string) (Key, error) { return Key{}, apperr.Field("publicKey", message) }
	line = bytes.TrimSpace(line)
	switch {
	case len(line) == 0:
		return problem("Paste a public key: the line of its .pub file, such as ssh-ed25519 AAAA… you@host.")
	case bytes.Contains(line, []byte("PRIVATE KEY")):
		return problem("This is a private key: paste the public one (the .pub file), and keep the private key secret.")
	case bytes.ContainsAny(line, "\r\n"):
		return problem("Paste one public key, on one line.")
	}
	pub, comment, options, _, err := ssh.ParseAuthorizedKey(line)
	switch {
	case err != nil:
		return problem("This is not an SSH public key: paste the line of its .pub file, such as ssh-ed25519 AAAA… you@host.")
	case len(options) > 0:
		return problem("Paste the key alone, without authorized_keys options.")
	case !slices.Contains(keyTypes, pub.Type()):
		return problem(fmt.Sprintf("A %s key cannot sign releases: use ssh-ed25519 (ssh-keygen -t ed25519), ECDSA or RSA.", pub.Type()))
	}
	if c, ok := pub.(ssh.CryptoPublicKey); ok {
		if r, ok := c.CryptoPublicKey().(*rsa.PublicKey); ok && r.N.BitLen() < minRSABits {
			return problem(fmt.Sprintf("This RSA key has %d bits: at least %d are needed.", r.N.BitLen(), minRSABits))
		}
	}
	return Key{
		Fingerprint: ssh.FingerprintSHA256(pub),
		Type:        pub.Type(),
		PublicKey:   strings.TrimSpace(string(ssh.MarshalAuthorizedKey(pub))),
		Comment:     comment,
	}, nil
}

// Unarmor returns the signature in an .sig file as ssh-keygen writes it (-----BEGIN SSH
// SIGNATURE-----): the SSHSIG blob that Publish takes.
func Unarmor(armored []byte) ([]byte, error) {
	block, _ := pem.Decode(armored)
	if block == nil || block.Type != sshsig.PEMType {
		return nil, apperr.Field("signature", "The signature is not an SSH signature file (ssh-keygen -Y sign writes one, -----BEGIN SSH SIGNATURE-----).")
	}
	return block.Bytes, nil
}

// Armor is the .sig file of an SSHSIG blob, as ssh-keygen writes it.
func Armor(sig []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: sshsig.PEMType, Bytes: sig})
}

// SignedBy is the fingerprint of the key that made sig (an SSHSIG blob), "" for none or
// one that cannot be read.
func SignedBy(sig []byte) string {
	if len(sig) == 0 {
		return ""
	}
	parsed, err := sshsig.ParseSignature(sig)
	if err != nil {
		return ""
	}
	return ssh.FingerprintSHA256(parsed.PublicKey)
}

// verify checks that sig (an SSHSIG blob; nil: unsigned) signs rel for its section,
// whose keys are keys. A section without keys takes unsigned releases; with keys, a
// release must be signed by one of them. A signature is never ignored: one by a key
// the section does not have (removed, or never added) is refused, keys or not. What is
// signed is release.json as it is in the artifact, the bytes whose SHA-256 is the
// release's digest.
func verify(rel *Release, sig []byte, keys []Key) error {
	section := rel.Manifest.Section
	requires := fmt.Sprintf("release: %s requires a signature by one of its keys; ", section)
	if len(sig) == 0 {
		if len(keys) == 0 {
			return nil
		}
		return apperr.New(apperr.Forbidden, requires+"this release is unsigned")
	}
	parsed, err := sshsig.ParseSignature(sig)
	if err != nil {
		return &apperr.Error{Code: apperr.Invalid, Field: "signature", Message: "release: the signature is not an SSH signature (ssh-keygen -Y sign).", Err: err}
	}
	fingerprint := ssh.FingerprintSHA256(parsed.PublicKey)
	i := slices.IndexFunc(keys, func(k Key) bool { return k.Fingerprint == fingerprint })
	switch {
	case i < 0 && len(keys) == 0:
		return apperr.New(apperr.Forbidden, fmt.Sprintf("release: this release is signed by key %s, which is not one of %s's keys (it has none: add the key with gateway sections key add %s <key.pub>, or publish unsigned)", fingerprint, section, section))
	case i < 0:
		return apperr.New(apperr.Forbidden, fmt.Sprintf("%sthis release is signed by key %s, which is not one of %s's keys", requires, fingerprint, section))
	case parsed.Namespace != SignatureNamespace:
		return apperr.New(apperr.Forbidden, fmt.Sprintf("release: the signature by key %s is for %q, not %s: sign with ssh-keygen -Y sign -n %s", fingerprint, parsed.Namespace, SignatureNamespace, SignatureNamespace))
	}
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(keys[i].PublicKey))
	if err != nil {
		return fmt.Errorf("release: %s's key %s in the store: %w", section, fingerprint, err)
	}
	if err := sshsig.Verify(bytes.NewReader(rel.ManifestJSON), parsed, pub, parsed.HashAlgorithm, SignatureNamespace); err != nil {
		return apperr.Wrap(apperr.Forbidden, fmt.Sprintf("release: the signature by key %s does not sign this release (%s %s, %s)", fingerprint, section, rel.Manifest.Version, rel.Digest), err)
	}
	return nil
}

// verified checks rel's signature sig against its section's keys now (verify).
func (s *Service) verified(ctx context.Context, rel *Release, sig []byte) error {
	keys, err := s.Store.Keys(ctx, rel.Manifest.Section)
	if err != nil {
		return err
	}
	return verify(rel, sig, keys)
}
