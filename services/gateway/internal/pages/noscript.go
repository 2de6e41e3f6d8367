package pages

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/portfolio-site/portfolio/content"
)

// Option adds to what New builds.
type Option func(*options)

type options struct {
	// noscript renders, by route path, what that page shows a browser without
	// JavaScript.
	noscript map[string]func(content.Site) (string, error)
}

// WithNewsletterForm gives the page of route path (the newsletter's) the subscribe
// card for a browser without JavaScript: a <noscript> right after the app's root
// element, holding the form the gateway accepts without JavaScript (POST / with
// form-name=newsletter), its words from page. Since that page works without
// JavaScript, the shell's own <noscript> saying the site needs it is left out of it.
// A browser that runs the app does not render a <noscript>: nothing changes for it.
func WithNewsletterForm(path string, page content.NewsletterPage) Option {
	return func(o *options) {
		o.noscript[path] = func(site content.Site) (string, error) {
			data := struct {
				chrome
				Intro string
				Form  content.NewsletterForm
			}{chromeOf(site), page.Intro, page.Form}
			var b strings.Builder
			if err := templates.ExecuteTemplate(&b, "newsletter-form", data); err != nil {
				return "", err
			}
			return b.String(), nil
		}
	}
}

func optionsOf(opts []Option) options {
	o := options{noscript: map[string]func(content.Site) (string, error){}}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// pagesWithNoscript returns doc for each route that has a <noscript> of its own, by
// path, with its <noscript> in place of the shell's.
func (o options) pagesWithNoscript(doc template, site content.Site, routes []content.Route) (map[string]template, error) {
	if len(o.noscript) == 0 {
		return nil, nil
	}
	before, after, err := cutAfterRoot(doc.after)
	if err != nil {
		return nil, err
	}
	docs := make(map[string]template, len(o.noscript))
	for path, render := range o.noscript {
		if !slices.ContainsFunc(routes, func(r content.Route) bool { return r.Path == path }) {
			return nil, fmt.Errorf("pages: a <noscript> for %s, which is no route", path)
		}
		body, err := render(site)
		if err != nil {
			return nil, fmt.Errorf("pages: %s: %w", path, err)
		}
		d := doc
		d.after = before + "<noscript>" + body + "</noscript>" + after
		docs[path] = d
	}
	return docs, nil
}

// cutAfterRoot cuts body (index.html from the head's end on) right after the app's
// root element, <div id="root">…</div>, where a page's own <noscript> goes, and leaves
// out the shell's own <noscript> elements.
func cutAfterRoot(body string) (before, after string, err error) {
	var (
		out       strings.Builder
		cut       bool
		noscript  bool // inside one of the shell's <noscript> elements
		rootDepth int  // > 0 while inside #root
	)
	z := html.NewTokenizer(strings.NewReader(body))
	for tt, raw := range tokens(z, &err) {
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, attrs := tagOf(z)
			switch {
			case name == "noscript" && tt == html.StartTagToken:
				noscript = true // its content is one text token, then its end tag
				continue
			case rootDepth > 0 && tt == html.StartTagToken && !voidElements[name]:
				rootDepth++
			case !cut && name == "div" && attr(attrs, "id") == "root" && tt == html.StartTagToken:
				rootDepth = 1
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if noscript {
				noscript = string(name) != "noscript"
				continue
			}
			if rootDepth > 0 {
				if rootDepth--; rootDepth == 0 {
					out.WriteString(raw)
					before = out.String()
					out.Reset()
					cut = true
					continue
				}
			}
		default:
			if noscript {
				continue
			}
		}
		out.WriteString(raw)
	}
	if err != nil {
		return "", "", err
	}
	if !cut {
		return "", "", errors.New(`pages: index.html has no <div id="root"></div> to put a <noscript> after`)
	}
	return before, out.String(), nil
}
