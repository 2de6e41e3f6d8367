package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
)

// deployClient is the site's deploy API (/api/sections/…) as CI uses it, with a
// deploy token.
type deployClient struct {
	base, token string
	http        *http.Client
}

// remoteSections runs publish (with the artifact's signature, signatureOf's named
// file), promote or rollback through the deploy API.
// promotion is what a promote asks besides its version: a canary's plan, or nil for
// everyone.
type promotion struct {
	plan   *release.CanaryPlan
	stages string
	every  time.Duration
}

func remoteSections(ctx context.Context, c *deployClient, verb string, args []string, signature string, how promotion, stdout io.Writer) error {
	if c.token == "" {
		return errors.New("--server needs a deploy token: --token or PORTFOLIO_DEPLOY_TOKEN")
	}
	var answer struct {
		Section string `json:"section"`
		Version string `json:"version"`
		Serving string `json:"serving"`
	}
	switch {
	case verb == "publish" && len(args) == 1:
		raw, err := os.ReadFile(args[0])
		if err != nil {
			return err
		}
		// The artifact names its section; the site checks it all again.
		rel, err := release.Open(raw, release.DefaultLimits)
		if err != nil {
			return err
		}
		sig, err := signatureOf(args[0], signature)
		if err != nil {
			return err
		}
		header := http.Header{}
		if sig != nil {
			header.Set(server.SignatureHeader, base64.StdEncoding.EncodeToString(sig))
		}
		if err := c.post(ctx, "/api/sections/"+rel.Manifest.Section+"/releases", "application/gzip", raw, header, &answer); err != nil {
			return err
		}
		fmt.Fprintln(stdout, answer.Version)
		return nil
	case verb == "promote" && len(args) == 2 && how.plan != nil:
		req := map[string]any{"version": args[1], "percent": how.plan.Percent}
		if how.stages != "" {
			req = map[string]any{"version": args[1], "stages": how.stages, "every": how.every.String()}
		}
		body, _ := json.Marshal(req) // strings and numbers: cannot fail
		var canary struct {
			Section string `json:"section"`
			Canary  string `json:"canary"`
			Percent int    `json:"percent"`
		}
		if err := c.post(ctx, "/api/sections/"+args[0]+"/promote", "application/json", body, nil, &canary); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s serves %s to %d%% of new visitors%s\n", canary.Section, canary.Canary, canary.Percent, stagesNote(*how.plan))
		return nil
	case verb == "promote" && len(args) == 2:
		body, _ := json.Marshal(map[string]string{"version": args[1]}) // strings: cannot fail
		if err := c.post(ctx, "/api/sections/"+args[0]+"/promote", "application/json", body, nil, &answer); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s now serves %s\n", answer.Section, site.ShownVersion(answer.Serving))
		return nil
	case verb == "rollback" && len(args) == 1:
		if err := c.post(ctx, "/api/sections/"+args[0]+"/rollback", "", nil, nil, &answer); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s now serves %s\n", answer.Section, site.ShownVersion(answer.Serving))
		return nil
	}
	return errors.New("with --server: publish [--signature F] <artifact> | promote <section> <version> | rollback <section> (keys are added and removed on the site itself, or in the admin)")
}

func (c *deployClient) post(ctx context.Context, path, contentType string, body []byte, header http.Header, answer any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(data, &e) == nil && e.Error.Message != "" {
			return fmt.Errorf("%s: %d: %s", path, resp.StatusCode, e.Error.Message)
		}
		return fmt.Errorf("%s: %d", path, resp.StatusCode)
	}
	return json.Unmarshal(data, answer)
}
