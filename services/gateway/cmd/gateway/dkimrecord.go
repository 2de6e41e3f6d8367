package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/mail/dkim"
)

// dkimRecordCommand prints the DNS TXT record that publishes the DKIM key the
// gateway signs with (PORTFOLIO_DKIM_*), as a zone file line.
const dkimRecordCommand = "dkim-record"

func printDKIMRecord(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig(append([]string{dkimRecordCommand}, args...), getenv, stderr)
	if err != nil || cfg == nil {
		return err
	}
	signer, err := newDKIMSigner(*cfg)
	if err != nil {
		return err
	}
	if signer == nil {
		return errors.New(dkimRecordCommand + ": DKIM is off: set " + config.EnvName("dkim_domain") + ", " +
			config.EnvName("dkim_selector") + " and " + config.EnvName("dkim_key_file"))
	}
	record, err := signer.Record()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s. 3600 IN TXT %s\n", signer.RecordName(), dkim.RecordStrings(record))
	return err
}

// newDKIMSigner is the signer of PORTFOLIO_DKIM_*, or nil when they are not set.
func newDKIMSigner(cfg config.Config) (*dkim.Signer, error) {
	if !cfg.DKIM() {
		return nil, nil
	}
	key, err := dkim.LoadKey(cfg.DKIMKeyFile)
	if err != nil {
		return nil, fmt.Errorf("config: %s: %w", config.EnvName("dkim_key_file"), err)
	}
	signer, err := dkim.New(cfg.DKIMDomain, cfg.DKIMSelector, key)
	if err != nil {
		return nil, fmt.Errorf("config: %s: %w", config.EnvName("dkim_key_file"), err)
	}
	return signer, nil
}
