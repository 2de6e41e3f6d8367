package analytics

import (
	"net/url"
	"strings"
)

// Device classes, from the user agent.
const (
	Mobile  = "mobile"
	Tablet  = "tablet"
	Desktop = "desktop"
)

// DeviceClass is the kind of device a user agent names: a tablet (an iPad, an Android
// without "Mobile", anything that says Tablet), a phone (Mobi, iPhone, Android), or
// else a desktop. iPadOS Safari calls itself a Mac and so counts as a desktop.
func DeviceClass(ua string) string {
	switch {
	case strings.Contains(ua, "iPad"), strings.Contains(ua, "Tablet"),
		strings.Contains(ua, "Android") && !strings.Contains(ua, "Mobile"):
		return Tablet
	case strings.Contains(ua, "Mobi"), strings.Contains(ua, "iPhone"), strings.Contains(ua, "Android"):
		return Mobile
	}
	return Desktop
}

// botMarks are what crawlers, link previewers, monitors, HTTP libraries and headless
// browsers put in their user agents (lower case). A browser's never contains one.
var botMarks = []string{
	"bot", "crawl", "spider", "slurp", "archiver", "preview", "facebookexternalhit",
	"headless", "lighthouse", "phantomjs", "selenium", "puppeteer", "playwright",
	"curl/", "wget/", "httpie", "python", "go-http-client", "java/", "okhttp", "axios",
	"node-fetch", "undici", "libwww", "scrapy", "httpclient", "monitor", "pingdom",
	"uptime", "feed", "rss", "validator", "check_http", "zgrab", "masscan", "nmap",
}

// IsBot reports whether a user agent is a program rather than a person's browser: no
// user agent at all, one without the "Mozilla/" every browser sends, or one with a
// mark of botMarks.
func IsBot(ua string) bool {
	if !strings.HasPrefix(ua, "Mozilla/") {
		return true
	}
	lower := strings.ToLower(ua)
	for _, m := range botMarks {
		if strings.Contains(lower, m) {
			return true
		}
	}
	return false
}

// maxHostLen bounds a referrer host: DNS names are at most 253 characters.
const maxHostLen = 253

// ReferrerHost is the host a Referer header names, lower case and without "www.",
// or "" for none, an unreadable one, or a page of the site itself (siteHost).
func ReferrerHost(referrer, siteHost string) string {
	if referrer == "" {
		return ""
	}
	u, err := url.Parse(referrer)
	if err != nil {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	if host == "" || len(host) > maxHostLen || strings.ContainsAny(host, " \t\"'<>\\") {
		return ""
	}
	if host == strings.ToLower(siteHost) {
		return ""
	}
	return strings.TrimPrefix(host, "www.")
}
